import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, toast } = crudLocators(() => page);
const PATH = '/flow/service/index';
/** The screen and CodeMirror come in lazy chunks; on a busy machine the first load takes a while. */
const LAZY = { timeout: 45_000 };
/** A run is answered after the script's own time (up to its 1 s limit) plus the sandbox's start. */
const RUN = { timeout: 30_000 };

/** A row of the service tree as the server answers it. */
interface Row {
  id: string;
  name: string;
  path?: string | null;
  code?: string | null;
}

const screen = () => pane(PATH);
const treeNode = (name: string) => screen().locator(`[data-testid="flow-node"][data-name="${name}"]`);
const serviceAt = (path: string) => screen().locator(`[data-testid="flow-node"][data-path="${path}"]`);
const nodeDialog = () => page.locator('[data-testid="flow-node-dialog"] .ant-modal');
const runDialog = () => page.locator('[data-testid="flow-run-dialog"] .ant-modal');
const editor = () => screen().getByTestId('flow-editor');

/** Names no other test (nor an earlier run against the same server) has used. */
function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

async function openScreen() {
  await openMenu(page, '流程管理', '流程服务', PATH);
  await screen().getByTestId('flow-tree').waitFor(LAZY);
}

/**
 * Picks an action from a node's context menu. A right-click that lands while the tree is still re-rendering can be
 * lost on a loaded machine, so it is tried again until the entry shows.
 */
async function nodeAction(node: Locator, action: string) {
  const entry = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId(`flow-action-${action}`);
  for (let attempt = 1; ; attempt++) {
    await node.click({ button: 'right' });
    try {
      await entry.waitFor({ timeout: 3_000 });
      break;
    } catch (error) {
      if (attempt >= 3) {
        throw error;
      }
    }
  }
  await entry.click();
}

/** Fills the new module / new service / rename dialog and waits until it has closed. */
async function submitNodeDialog(values: { name: string; path?: string }) {
  const dialog = nodeDialog();
  await dialog.waitFor();
  await dialog.getByLabel('名称').fill(values.name);
  if (values.path !== undefined) {
    await dialog.getByLabel('路径').fill(values.path);
  }
  await dialog.getByRole('button', { name: '提交' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Replaces the editor's code with `code`, as typed (CodeMirror's own text area, not a form input). */
async function setCode(code: string) {
  const content = editor().locator('.cm-content');
  await content.waitFor(LAZY);
  await content.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
  await expect.poll(() => content.textContent()).toBe(code);
}

/** Runs the editor's code from the run dialog with `params` and waits for the outcome. */
async function runWith(params: string): Promise<Locator> {
  await editor().getByTestId('flow-editor-run').click();
  const dialog = runDialog();
  await dialog.waitFor();
  await dialog.getByTestId('flow-run-params').fill(params);
  await dialog.getByTestId('flow-run-start').click();
  const result = dialog.getByTestId('flow-run-result');
  await result.waitFor(RUN);
  return result;
}

async function closeRunDialog() {
  await runDialog().getByTestId('flow-run-close').click();
  await runDialog().waitFor({ state: 'hidden' });
}

describe('flow services', () => {
  it('creates a module and a service in it, saves its code with Ctrl+S and runs it, unsaved code too', {
    timeout: 150_000,
  }, async () => {
    await openScreen();
    const moduleName = unique('E2E模块');
    const servicePath = `${unique('e2e')}/addOne`;

    // A module at the top: nothing is chosen yet, so that is where it goes.
    await screen().getByTestId('flow-editor-empty').waitFor();
    await screen().getByTestId('flow-toolbar-newModule').click();
    await submitNodeDialog({ name: moduleName });
    await toast('新增成功').waitFor();
    await treeNode(moduleName).waitFor();

    // A service inside it, from the module's context menu.
    await nodeAction(treeNode(moduleName), 'newService');
    await nodeDialog().getByTestId('flow-node-parent').getByText(moduleName, { exact: true }).waitFor();
    await submitNodeDialog({ name: '加一', path: servicePath });
    // The new service is chosen and its editor opens (CodeMirror arrives in its own chunk).
    await treeNode('加一').waitFor();
    await setCode("log('hi'); return params.a + 1;");
    await editor().getByTestId('flow-editor-dirty').waitFor();
    await page.keyboard.press('ControlOrMeta+s');
    await toast('保存成功').waitFor();
    await editor().getByTestId('flow-editor-dirty').waitFor({ state: 'detached' });

    // Parameters that are not JSON are refused before anything is sent.
    await editor().getByTestId('flow-editor-run').click();
    await runDialog().getByTestId('flow-run-params').fill('{"a": ');
    await runDialog().getByTestId('flow-run-start').click();
    await runDialog()
      .getByText(/^参数不是有效的 JSON：/)
      .waitFor();
    await closeRunDialog();

    const result = await runWith('{"a": 41}');
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await result.getByTestId('flow-run-value').textContent()).toBe('42');
    expect(await result.getByTestId('flow-run-logs').textContent()).toBe('hi');
    expect(await result.getByTestId('flow-run-duration').textContent()).toMatch(/^\d+ ms/);
    await closeRunDialog();

    // Code that never ends runs unsaved and is stopped by the sandbox's CPU time limit.
    await setCode('while(true){}');
    const looping = await runWith('{}');
    expect(await looping.getAttribute('data-ok')).toBe('false');
    const error = looping.getByTestId('flow-run-error');
    await error.getByText('超出 CPU 时间限制，脚本已被终止').waitFor();
    expect(await error.textContent()).toContain('time limit');
    await closeRunDialog();

    // What was saved is the code that returned 42, not the loop that was only run.
    const api = await apiLogin('admin', inject('adminPassword'));
    const top = await api.get<Row[]>('/api/yuan-api/s/0/tree');
    const module = top.find((row) => row.name === moduleName);
    const inside = await api.get<Row[]>(`/api/yuan-api/s/${module?.id}/tree`);
    const service = inside.find((row) => row.path === servicePath);
    const row = await api.post<Row>(`/api/yuan-api/s/id/${service?.id}`, {});
    expect(row.code).toBe("log('hi'); return params.a + 1;");
    await editor().getByTestId('flow-editor-dirty').waitFor();
  });

  it('finds a service by its path, switches it off, renames it and deletes it after a confirmation', {
    timeout: 120_000,
  }, async () => {
    const api = await apiLogin('admin', inject('adminPassword'));
    const moduleName = unique('E2E查找');
    const path = `${unique('find')}/echo`;
    const module = await api.post<{ id: string }>('/api/yuan-api/s/saveOrUpdate', {
      parentId: '0',
      name: moduleName,
      kind: 'module',
    });
    await api.post('/api/yuan-api/s/saveOrUpdate', {
      parentId: module.id,
      name: '回显',
      kind: 'service',
      path,
      code: 'return params;',
    });

    await openScreen();
    // The module starts closed: a search by path opens what leads to the match.
    await screen().getByTestId('flow-tree-search').locator('input').fill(path);
    const service = treeNode('回显');
    await service.waitFor();
    await service.click();
    await expect.poll(() => editor().locator('.cm-content').textContent(), LAZY).toBe('return params;');

    await nodeAction(service, 'disable');
    await toast('已停用').waitFor();
    await service.getByTestId('flow-node-disabled').waitFor();

    await nodeAction(service, 'rename');
    await submitNodeDialog({ name: '回显二' });
    await toast('重命名成功').waitFor();
    const renamed = treeNode('回显二');
    await renamed.waitFor();
    // The open editor takes the new name, and has nothing unsaved because of it.
    await expect.poll(() => editor().getByLabel('名称').inputValue()).toBe('回显二');
    expect(await editor().getByTestId('flow-editor-dirty').count()).toBe(0);

    await nodeAction(renamed, 'delete');
    const confirm = page.locator('.ant-modal-confirm', { hasText: '确定删除「回显二」吗？' });
    await confirm.getByRole('button', { name: '确定' }).click();
    await toast('删除成功').waitFor();
    await renamed.waitFor({ state: 'detached' });
    await screen().getByTestId('flow-editor-empty').waitFor();
  });

  it('copies a service, moves the copy into another module, exports a module and imports it back', {
    timeout: 150_000,
  }, async () => {
    const api = await apiLogin('admin', inject('adminPassword'));
    const tag = unique('E2E搬');
    const path = `${unique('move')}/echo`;
    const source = await api.post<Row>('/api/yuan-api/s/saveOrUpdate', {
      parentId: '0',
      name: `${tag}甲`,
      kind: 'module',
    });
    const target = await api.post<Row>('/api/yuan-api/s/saveOrUpdate', {
      parentId: '0',
      name: `${tag}乙`,
      kind: 'module',
    });
    const original = await api.post<Row>('/api/yuan-api/s/saveOrUpdate', {
      parentId: source.id,
      name: '回显',
      kind: 'service',
      path,
      code: 'return params;',
    });

    await openScreen();
    // Both modules match the search, and searching opens them.
    await screen().getByTestId('flow-tree-search').locator('input').fill(tag);
    await serviceAt(path).waitFor();

    // A copy is switched off and its path gets the _copy suffix.
    await nodeAction(serviceAt(path), 'copy');
    const copy = serviceAt(`${path}_copy`);
    await copy.getByTestId('flow-node-disabled').waitFor();

    // Moved into the other module through the dialog's module picker.
    await nodeAction(copy, 'move');
    const move = page.locator('[data-testid="flow-move-dialog"] .ant-modal');
    await move.waitFor();
    await move.getByTestId('flow-move-target').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title')
      .getByText(`${tag}乙`, { exact: true })
      .click();
    await move.getByRole('button', { name: '提交' }).click();
    await toast('移动成功').waitFor();
    await move.waitFor({ state: 'hidden' });
    const inTarget = await api.get<Row[]>(`/api/yuan-api/s/${target.id}/tree`);
    expect(inTarget.map((row) => row.path)).toEqual([`${path}_copy`]);

    // The first module as a file.
    const downloading = page.waitForEvent('download');
    await nodeAction(treeNode(`${tag}甲`), 'export');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${tag}甲.json`);
    const text = await readFile(await download.path(), 'utf8');
    const exported = JSON.parse(text) as { root: { name: string; children: Row[] } };
    expect(exported.root.name).toBe(`${tag}甲`);
    expect(exported.root.children.map((row) => row.path)).toEqual([path]);

    // Imported while its service's path is still taken: refused as a whole, and the dialog says why.
    await nodeAction(treeNode(`${tag}乙`), 'import');
    const importing = page.locator('[data-testid="flow-import-dialog"] .ant-modal');
    // The browser keeps a download under a name of its own; the dialog takes .json files only.
    const file = {
      name: download.suggestedFilename(),
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    };
    await importing.locator('input[type=file]').setInputFiles(file);
    await importing.getByRole('button', { name: '导入' }).click();
    await importing.getByText(path).waitFor();

    // Once the original is gone the same file goes in: the module and its service.
    await api.post('/api/yuan-api/s/delete', { ids: [original.id] });
    await importing.getByRole('button', { name: '导入' }).click();
    await toast('已导入 2 项').waitFor();
    await importing.waitFor({ state: 'hidden' });
    const imported = serviceAt(path);
    await imported.waitFor();
    await imported.click();
    await expect.poll(() => editor().locator('.cm-content').textContent(), LAZY).toBe('return params;');
  });
});
