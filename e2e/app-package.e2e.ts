import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  connectBrowser,
  gotoLogin,
  openMenu,
  openPage,
  screenshotOnFailure,
  submitLogin,
  waitForLanding,
} from './support/browser.ts';
import { bpmnDocument, edge, shape } from './support/bpmn.ts';
import { crudLocators } from './support/crud.ts';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './support/server.ts';

/**
 * This file runs its own server in tenant mode: tenant B's administrator signs in through the form's tenant field,
 * and the second tenant and what is imported into it stay off the server the other files share.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let downloads: string;

const { pane, toast, row, rowAction } = crudLocators(() => page);
const PACKAGES = '/lowcode/package/index';
const ENTITIES = '/entity/index';
const MODELS = '/flow/model/index';
const DEPLOYMENTS = '/flow/manager/index';
/** Lazy screens, a package's import and the engine's start take a while on a busy machine. */
const SLOW = { timeout: 60_000 };

const suffix = Date.now().toString(36);
/** Tenant A's application: an entity with its default form and grid, a flow service and a process using them. */
const APP = {
  entityCode: `pkg_${suffix}`,
  entityName: `应用包实体${suffix}`,
  formCode: `pkg_form_${suffix}`,
  gridCode: `pkg_grid_${suffix}`,
  servicePath: `pkg${suffix}/check`,
  processKey: `pkg_proc_${suffix}`,
  processName: `应用包流程${suffix}`,
};
const TENANT_A = '000000';
/** Tenant B: made by A's administrator in beforeAll; its administrator's password is the one the server answered. */
const tenantB = { id: `b${suffix}`.slice(0, 12), password: '' };
/** The package tenant A exported through the screen (its first test). */
let exported: { name: string; text: string } | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ TENANT_MODE: 'true' }), connectBrowser()]);
  downloads = mkdtempSync(join(tmpdir(), 'yuan-e2e-package-'));
  const admin = await apiLogin(TENANT_A, 'admin', ADMIN_PASSWORD);
  await defineApplication(admin);
  tenantB.password = await createTenant(admin, tenantB.id);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (downloads) {
    rmSync(downloads, { recursive: true, force: true });
  }
});
beforeEach(async () => {
  ({ context, page } = await openPage(browser));
});
afterEach(async (test) => {
  await screenshotOnFailure(page, test);
  await context?.close();
});

interface Api {
  post: <T>(path: string, body: unknown) => Promise<T>;
}

/** Signs in through the password grant of a tenant of this file's server; answers a client for envelope calls. */
async function apiLogin(tenantId: string, account: string, password: string): Promise<Api> {
  const config = (await (await fetch(`${server.url}/api/app-config`)).json()) as {
    data: { clientId: string; clientSecret: string };
  };
  const basic = `Basic ${Buffer.from(`${config.data.clientId}:${config.data.clientSecret}`).toString('base64')}`;
  const query = new URLSearchParams({
    tenantId,
    username: account,
    password,
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const answer = await fetch(`${server.url}/api/yuan-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: basic, 'Tenant-Id': tenantId },
  });
  const token = ((await answer.json()) as { access_token?: string }).access_token;
  if (!token) {
    throw new Error(`login of ${account}@${tenantId} failed`);
  }
  return {
    post: async <T>(path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          Authorization: basic,
          'Blade-Auth': `bearer ${token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      const envelope = (await response.json()) as { code: number; msg: string; data: T };
      if (response.status !== 200 || envelope.code !== 200) {
        throw new Error(`${path}: ${response.status} ${envelope.msg}`);
      }
      return envelope.data;
    },
  };
}

/** Makes tenant A's application through the API: what the package is built from, not what this file tests. */
async function defineApplication(api: Api): Promise<void> {
  const entity = await api.post<{ id: string }>('/api/yuan-api/dtentity/saveOrUpdate', {
    entNo: APP.entityCode,
    entName: APP.entityName,
    remark: '',
    elements: [{ eleNo: 'title', eleName: '标题', dataTyp: 'string' }],
  });
  await api.post('/api/yuan-api/dtentity/syncEntityDataBaseTable', { id: entity.id, apply: true });
  const form = await api.post<{ id: string }>('/api/yuan-api/dtpage/fnSaveOrUpdate', {
    pageNo: APP.formCode,
    pageName: '应用包表单',
    entId: entity.id,
    formJson: { column: [{ type: 'input', prop: 'title', label: '标题' }] },
  });
  await api.post('/api/yuan-api/dtpage/default', { id: form.id });
  const grid = await api.post<{ id: string }>('/api/yuan-api/dtgrid/fnSaveOrUpdate', {
    gridNo: APP.gridCode,
    gridName: '应用包表格',
    entId: entity.id,
    gridJson: { columns: [{ prop: 'title' }] },
  });
  await api.post('/api/yuan-api/dtgrid/default', { id: grid.id });
  // The service names the entity by its code; the process runs the service and fills the form in its task.
  await api.post('/api/yuan-api/s/saveOrUpdate', {
    parentId: '0',
    name: '应用包检查',
    kind: 'service',
    path: APP.servicePath,
    code: `return { entity: '${APP.entityCode}', checked: true };`,
  });
  await api.post('/api/yuan-flow/model/submit', {
    modelKey: APP.processKey,
    name: APP.processName,
    category: 'e2e',
    xml: processXml(form.id),
  });
}

/** start → service task (the flow service) → user task filling the entity's form → end, with a shape for each. */
function processXml(formId: string): string {
  return bpmnDocument(
    APP.processKey,
    APP.processName,
    `    <bpmn:startEvent id="start" name="开始"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check" />
    <bpmn:serviceTask id="check" name="检查" yuan:service="${APP.servicePath}">
      <bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing>
    </bpmn:serviceTask>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="review" />
    <bpmn:userTask id="review" name="审核" yuan:candidateGroups="administrator" yuan:formPage="${formId}">
      <bpmn:incoming>f2</bpmn:incoming><bpmn:outgoing>f3</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:sequenceFlow id="f3" sourceRef="review" targetRef="end" />
    <bpmn:endEvent id="end" name="结束"><bpmn:incoming>f3</bpmn:incoming></bpmn:endEvent>`,
    `${shape('start', 100)}${shape('check', 200, 100, 80)}${shape('review', 360, 100, 80)}${shape('end', 520)}
    ${edge('f1', 136, 200)}${edge('f2', 300, 360)}${edge('f3', 460, 520)}`,
  );
}

/** Makes a tenant as the platform's administrator does; answers its administrator's initial password. */
async function createTenant(api: Api, tenantId: string): Promise<string> {
  const tenant = await api.post<{ initialPassword?: string }>('/api/yuan-system/tenant/submit', {
    tenantId,
    tenantName: `应用包租户${suffix}`,
  });
  if (!tenant.initialPassword) {
    throw new Error('the new tenant came without an initial password');
  }
  return tenant.initialPassword;
}

/** Signs in through the form at `/`, with the tenant field, and waits for the page the sign-in lands on. */
async function signIn(tenantId: string, account: string, password: string): Promise<void> {
  await gotoLogin(page, server.url);
  await page.fill('#login-tenant', tenantId);
  await submitLogin(page, account, password);
  await waitForLanding(page);
}

const signInAsB = () => signIn(tenantB.id, 'admin', tenantB.password);

/** Opens 低代码 → 应用包; answers its pane. */
async function openPackages(): Promise<Locator> {
  await openMenu(page, '低代码', '应用包', PACKAGES);
  const screen = pane(PACKAGES);
  await screen.getByTestId('app-package-page').waitFor(SLOW);
  return screen;
}

/** What the tests read of a package file. */
interface PackageJson {
  kind: string;
  version: number;
  content: { parts: Record<string, Record<string, unknown>[]> };
}

/** The package the first test exported, as it was downloaded. */
function packageFile(): { name: string; text: string } {
  if (!exported) {
    throw new Error('no package: the export test did not pass');
  }
  return exported;
}

/** Chooses a file in the import card, which previews it at once. */
async function upload(screen: Locator, name: string, text: string): Promise<void> {
  await screen
    .getByTestId('app-package-import')
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** The preview's row of one part, by its kind's name and its key. */
function previewRow(screen: Locator, kind: string, key: string): Locator {
  return screen.getByTestId('app-package-preview').locator('tbody tr', {
    has: page.getByRole('cell', { name: key, exact: true }),
    hasText: kind,
  });
}

/** The action the preview shows for a part (新建, 更新, 不变…). */
async function actionOf(screen: Locator, kind: string, key: string): Promise<string> {
  const tag = previewRow(screen, kind, key).locator('[data-testid^="app-package-action-"]');
  await tag.waitFor(SLOW);
  return (await tag.textContent()) ?? '';
}

/** Chooses a file the server refuses, and waits until the import card says why with `expected` in its text. */
async function expectRefused(screen: Locator, name: string, text: string, expected: string): Promise<void> {
  await upload(screen, name, text);
  // The card may still show the refusal of the file before: wait for this file's.
  const problem = screen.getByTestId('app-package-problem');
  await expect.poll(() => problem.textContent(), SLOW).toContain(expected);
}

/** The tests run in order: the first exports the package the others import into tenant B. */
describe('app packages', () => {
  it("exports tenant A's entity with its form, grid, flow service and process through the screen", async () => {
    await signIn(TENANT_A, 'admin', ADMIN_PASSWORD);
    const screen = await openPackages();
    const card = screen.getByTestId('app-package-export');
    const button = card.getByTestId('app-package-export-button');
    expect(await button.isDisabled()).toBe(true);
    await card.locator('.ant-select').click();
    await page.keyboard.type(APP.entityCode);
    const option = `${APP.entityName} (${APP.entityCode})`;
    await page
      .locator(
        `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`,
      )
      .click();
    await page.keyboard.press('Escape');

    const [download] = await Promise.all([page.waitForEvent('download', SLOW), button.click()]);
    const name = download.suggestedFilename();
    expect(name).toMatch(/^app-package-.+\.json$/);
    // Connected to a remote browser: the file is streamed here rather than read where Chromium saved it.
    const saved = join(downloads, name);
    await download.saveAs(saved);
    const text = readFileSync(saved, 'utf8');
    const file = JSON.parse(text) as PackageJson;
    expect(file.kind).toBe('yuan-app-package');
    expect(file.version).toBe(1);
    const keys = (kind: string, field: string) => file.content.parts[kind]?.map((part) => part[field]);
    expect(keys('entity', 'entNo')).toEqual([APP.entityCode]);
    expect(keys('form', 'pageNo')).toContain(APP.formCode);
    expect(keys('grid', 'gridNo')).toContain(APP.gridCode);
    expect(keys('service', 'path')).toContain(APP.servicePath);
    expect(keys('model', 'modelKey')).toContain(APP.processKey);
    exported = { name, text };
  });

  it('refuses at preview a file changed by hand and a file of a newer format', async () => {
    const { name, text } = packageFile();
    await signInAsB();
    const screen = await openPackages();

    // One character of the content changed (the last of the entity's name): the checksum no longer matches.
    const tampered = JSON.parse(text) as PackageJson;
    const entity = tampered.content.parts.entity?.[0] ?? {};
    entity.entName = `${String(entity.entName).slice(0, -1)}改`;
    await expectRefused(screen, name, JSON.stringify(tampered), '校验');

    // The content is intact, but the format is one this server does not read.
    const newer: PackageJson = { ...(JSON.parse(text) as PackageJson), version: 99 };
    await expectRefused(screen, name, JSON.stringify(newer), '版本');
    expect(await screen.getByTestId('app-package-preview').count()).toBe(0);
  });

  it("imports the package into tenant B, where the entity's form takes a row and the process starts", {
    timeout: 300_000,
  }, async () => {
    const { name, text } = packageFile();
    await signInAsB();
    const screen = await openPackages();
    await upload(screen, name, text);
    expect(await actionOf(screen, '实体', APP.entityCode)).toBe('新建');
    expect(await actionOf(screen, '表单', APP.formCode)).toBe('新建');
    expect(await actionOf(screen, '流程服务', APP.servicePath)).toBe('新建');
    expect(await actionOf(screen, '流程模型', APP.processKey)).toBe('新建');
    expect(await screen.getByTestId('app-package-conflicts').count()).toBe(0);

    await screen.getByTestId('app-package-import-button').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await page
      .locator('.ant-message')
      .getByText(/^导入成功：新建 \d+/)
      .waitFor(SLOW);
    await row(screen.getByTestId('app-package-history'), name).getByText(TENANT_A).waitFor();

    await fillDefaultForm('从应用包导入后填写');
    await startProcess(`PKG-${suffix}`);
  });

  it('previews the same file again as updated or unchanged parts, nothing new', async () => {
    const { name, text } = packageFile();
    await signInAsB();
    const screen = await openPackages();
    await upload(screen, name, text);
    expect(['更新', '不变']).toContain(await actionOf(screen, '实体', APP.entityCode));
    expect(['更新', '不变']).toContain(await actionOf(screen, '流程模型', APP.processKey));
    expect(await screen.getByTestId('app-package-action-create').count()).toBe(0);
  });
});

/** Opens the imported entity's default form (/page/<entId>) from the entities screen and submits a row with it. */
async function fillDefaultForm(title: string): Promise<void> {
  await openMenu(page, '低代码', '实体管理', ENTITIES);
  await row(pane(ENTITIES), APP.entityCode).getByTestId('entity-forms').click(SLOW);
  await page.waitForURL(/\/page\/\d+$/);
  const forms = page.locator('[data-pane^="/page/"]');
  await forms.getByRole('tab', { name: '填写' }).click();
  const fill = forms.getByTestId('page-fill');
  await fill.locator('#page-fill_title').fill(title);
  await fill.getByRole('button', { name: '提交' }).click();
  await toast('提交成功').waitFor();
}

/** Deploys the imported process model (an import brings the model, not a deployment) and starts it. */
async function startProcess(businessKey: string): Promise<void> {
  await openMenu(page, '流程管理', '模型管理', MODELS);
  // Deploying may sit under the row's 更多.
  await rowAction(row(pane(MODELS), APP.processKey), { testId: 'flow-model-deploy' });
  const deploy = page.locator('[data-testid="flow-deploy-dialog"] .ant-modal');
  await deploy.getByRole('button', { name: '部署' }).click();
  await page.locator('.ant-message').getByText(`部署成功：${APP.processKey} v1`).waitFor(SLOW);

  await openMenu(page, '流程管理', '流程部署', DEPLOYMENTS);
  const deployments = pane(DEPLOYMENTS);
  await deployments.locator('#crud-search-flowDeployment_key').fill(APP.processKey);
  await deployments.getByTestId('crud-search').click();
  await rowAction(row(deployments, APP.processKey), { testId: 'flow-deployment-start' });
  const start = page.locator('[data-testid="flow-start-dialog"] .ant-modal');
  await start.getByTestId('flow-start-business-key').fill(businessKey);
  await start.getByRole('button', { name: '启动' }).click();
  // The start runs the imported flow service (the service task) before it waits in the user task.
  await page
    .locator('.ant-message')
    .getByText(/^流程已启动，实例编号 \d+$/)
    .waitFor(SLOW);
}
