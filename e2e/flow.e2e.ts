import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { bpmnDocument, edge, shape } from './support/bpmn.ts';
import { crudLocators } from './support/crud.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane, toast, row, rowAction } = crudLocators(() => page);
const MODELS = '/flow/model/index';
const DEPLOYMENTS = '/flow/manager/index';
const INSTANCES = '/flow/follow/index';
const TASKS = '/flow/work/index';
/** The screens and bpmn-js come in lazy chunks; on a busy machine the first load takes a while. */
const LAZY = { timeout: 60_000 };
/** The engine answers a start or a completion after running the process up to its next wait. */
const ENGINE = { timeout: 30_000 };

/** Names no other test (nor an earlier run against the same server) has used. */
function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

const message = (text: string | RegExp) => page.locator('.ant-message').getByText(text);
const designer = () => pane(MODELS).getByTestId('flow-designer');
const props = (type: string) => designer().locator(`[data-testid="flow-props"][data-element-type="${type}"]`);

/** Clicks an entry of the context pad of the selected element (it opens once the element is selected). */
async function padAction(action: string) {
  const entry = page.locator(`.djs-context-pad.open .entry[data-action="${action}"]`);
  await entry.waitFor();
  await entry.click();
}

/** Names the selected element through the side panel and waits until the diagram shows it. */
async function nameSelected(type: string, name: string) {
  const input = props(type).getByTestId('flow-prop-name');
  await input.fill(name);
  await expect.poll(() => input.inputValue()).toBe(name);
  await designer()
    .getByTestId('flow-modeler')
    .locator('.djs-element text', { hasText: name })
    .first()
    .waitFor();
}

/** Searches a list by one of its search fields (input id `crud-search-<resource>_<field>`). */
async function search(screen: Locator, input: string, value: string) {
  await screen.locator(`#${input}`).fill(value);
  await screen.getByTestId('crud-search').click();
}

/** A clean process (named steps, a shape for each) as a .bpmn file: start → user task → end. */
function processFile(key: string): string {
  return bpmnDocument(
    key,
    'E2E 上传',
    `    <bpmn:startEvent id="start" name="开始"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check" />
    <bpmn:userTask id="check" name="检查" yuan:candidateGroups="administrator">
      <bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end" />
    <bpmn:endEvent id="end" name="结束"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>`,
    `${shape('start', 100)}${shape('check', 200, 100, 80)}${shape('end', 360)}${edge('f1', 136, 200)}${edge('f2', 300, 360)}`,
  );
}

/**
 * Confirms the open confirmation dialog whose OK button reads `ok`, and waits until that button has gone (another
 * confirmation may open in its place).
 */
async function confirm(ok: string) {
  const button = page.locator('.ant-modal-confirm').getByRole('button', { name: ok });
  await button.click();
  await button.waitFor({ state: 'detached' });
}

describe('workflow', () => {
  it('draws a process in the modeller, deploys it, starts it, completes its task and sees it finish', {
    timeout: 360_000,
  }, async () => {
    const key = unique('e2e_leave_');
    const businessKey = unique('BK-');

    // A new model: the modeller opens on the template's start event.
    await openMenu(page, '流程管理', '模型管理', MODELS);
    await pane(MODELS).getByTestId('flow-model-new').click(LAZY);
    const canvas = designer().getByTestId('flow-modeler');
    await designer().locator('[data-testid="flow-modeler"][data-ready="true"]').waitFor(LAZY);
    await designer().getByLabel('模型标识').fill(key);
    await designer().getByLabel('模型名称').fill('E2E 请假');
    await designer().getByLabel('分类').fill('e2e');

    await canvas.locator('[data-element-id="StartEvent_1"]').click();
    await nameSelected('bpmn:StartEvent', '开始');

    // Append a task from the start event's context pad and make it a user task for the administrators.
    await padAction('append.append-task');
    await props('bpmn:Task').waitFor();
    await padAction('replace');
    await page.locator('.djs-popup [data-id="replace-with-user-task"]').click();
    await props('bpmn:UserTask').waitFor();
    await nameSelected('bpmn:UserTask', '审批');
    await props('bpmn:UserTask').getByTestId('flow-prop-candidateGroups').fill('administrator');

    // Then an end event without a name: the checker reports it on save, the draft is kept all the same.
    await padAction('append.end-event');
    await props('bpmn:EndEvent').waitFor();
    await page.keyboard.press('ControlOrMeta+s');
    await message(/^已保存为草稿，但模型有 1 个错误/).waitFor();
    await designer().locator('[data-testid="flow-lint"][data-errors="1"]').waitFor();
    await canvas.getByTestId('flow-lint-badge').waitFor();
    expect(await designer().getAttribute('data-model-id')).toMatch(/^\d+$/);

    // Named, the model is clean: saved again (Ctrl+S), then deployed as version 1.
    await nameSelected('bpmn:EndEvent', '结束');
    await page.keyboard.press('ControlOrMeta+s');
    await toast('保存成功').waitFor();
    await designer().getByTestId('flow-lint').waitFor({ state: 'detached' });
    await designer().getByTestId('flow-designer-dirty').waitFor({ state: 'detached' });
    await designer().getByTestId('flow-designer-deploy').click();
    const deploy = page.locator('[data-testid="flow-deploy-dialog"] .ant-modal');
    await deploy.waitFor();
    await deploy.getByRole('button', { name: '部署' }).click();
    await message(`部署成功：${key} v1`).waitFor();
    await deploy.waitFor({ state: 'hidden' });
    await designer().getByTestId('flow-designer-back').click();
    await row(pane(MODELS), key).waitFor();

    // Start an instance from the deployments list.
    await openMenu(page, '流程管理', '流程部署', DEPLOYMENTS);
    const deployments = pane(DEPLOYMENTS);
    await search(deployments, 'crud-search-flowDeployment_key', key);
    const deployment = row(deployments, key);
    await deployment.waitFor(LAZY);
    await deployment.getByTestId('flow-deployment-start').click();
    const start = page.locator('[data-testid="flow-start-dialog"] .ant-modal');
    await start.waitFor();
    await start.getByTestId('flow-start-business-key').fill(businessKey);
    await start.getByTestId('flow-variables').fill('{"days": 2}');
    await start.getByRole('button', { name: '启动' }).click();
    await message(/^流程已启动，实例编号 \d+$/).waitFor(ENGINE);

    // It runs, waiting in the user task: its diagram marks the path taken and where it waits.
    await openMenu(page, '流程管理', '流程跟踪', INSTANCES);
    const instances = pane(INSTANCES);
    await search(instances, 'crud-search-flowInstance_businessKey', businessKey);
    const instance = row(instances, businessKey);
    await instance.locator('[data-state="running"]').waitFor(LAZY);
    expect(await instance.textContent()).toContain('审批');
    await instance.getByTestId('flow-instance-view').click();
    const view = page.locator('[data-testid="flow-view-dialog"] .ant-modal');
    await view.locator('[data-testid="flow-diagram"][data-ready="true"]').waitFor(LAZY);
    expect(await view.locator('.djs-shape.flow-marker-current').count()).toBe(1);
    expect(await view.locator('.flow-marker-done, .flow-marker-taken').count()).toBeGreaterThan(0);
    await view.getByTestId('flow-view-close').click();
    await view.waitFor({ state: 'hidden' });

    // My tasks: the task is offered to the administrators; claimed, then completed with a comment.
    await openMenu(page, '流程管理', '我的任务', TASKS);
    const todo = pane(TASKS).getByTestId('crud-flowTodo');
    const task = row(todo, businessKey);
    await task.waitFor(LAZY);
    await task.getByTestId('flow-task-claim').click();
    await toast('签收成功').waitFor();
    await task.getByTestId('flow-task-complete').click();
    const complete = page.locator('[data-testid="flow-complete-dialog"] .ant-modal');
    await complete.waitFor();
    await complete.getByTestId('flow-complete-comment').fill('同意');
    await complete.getByTestId('flow-variables').fill('{"approved": true}');
    await complete.getByRole('button', { name: '办理' }).click();
    await toast('任务已办理').waitFor(ENGINE);
    await task.waitFor({ state: 'detached' });
    await pane(TASKS).getByRole('tab', { name: '已办任务' }).click();
    await row(pane(TASKS).getByTestId('crud-flowDone'), businessKey).getByText('同意').waitFor(LAZY);

    // The instance has ended: the instances list no longer shows it as running.
    await openMenu(page, '流程管理', '流程跟踪', INSTANCES);
    await instances.getByRole('button', { name: '刷新' }).click();
    await expect.poll(() => instance.locator('[data-state="running"]').count(), ENGINE).toBe(0);
  });
  it('deploys an uploaded .bpmn file, suspends and activates it, and deletes it with its running instance', {
    timeout: 240_000,
  }, async () => {
    const key = unique('e2e_upload_');
    const businessKey = unique('UP-');
    await openMenu(page, '流程管理', '流程部署', DEPLOYMENTS);
    const deployments = pane(DEPLOYMENTS);
    await deployments.getByTestId('flow-deployment-upload').click(LAZY);
    const upload = page.locator('[data-testid="flow-upload-dialog"] .ant-modal');
    await upload.waitFor();
    await upload.getByLabel('分类').fill('e2e');
    await upload.locator('input[type=file]').setInputFiles({
      name: `${key}.bpmn20.xml`,
      mimeType: 'application/xml',
      buffer: Buffer.from(processFile(key)),
    });
    await upload.getByText(`${key}.bpmn20.xml`).waitFor();
    await upload.getByRole('button', { name: '上传部署' }).click();
    await message(`部署成功：${key} v1`).waitFor(ENGINE);
    await upload.waitFor({ state: 'hidden' });

    // Suspended, it cannot start; active again, it can.
    await search(deployments, 'crud-search-flowDeployment_key', key);
    const deployment = row(deployments, key);
    await deployment.locator('[data-state="active"]').waitFor(LAZY);
    await rowAction(deployment, { testId: 'flow-deployment-state' });
    await toast('已挂起，不能再启动新的实例').waitFor();
    await deployment.locator('[data-state="suspended"]').waitFor();
    expect(await deployment.getByTestId('flow-deployment-start').isDisabled()).toBe(true);
    await rowAction(deployment, { testId: 'flow-deployment-state' });
    await toast('已激活').waitFor();
    await deployment.locator('[data-state="active"]').waitFor();

    await deployment.getByTestId('flow-deployment-start').click();
    const start = page.locator('[data-testid="flow-start-dialog"] .ant-modal');
    await start.getByTestId('flow-start-business-key').fill(businessKey);
    await start.getByRole('button', { name: '启动' }).click();
    await message(/^流程已启动，实例编号 \d+$/).waitFor(ENGINE);
    await start.waitFor({ state: 'hidden' });

    // The server refuses while the instance runs; agreeing deletes the instance with the deployment.
    await rowAction(deployment, { testId: 'flow-deployment-delete' });
    await confirm('确定');
    await page
      .locator('.ant-modal-confirm-content')
      .getByText(/运行中的流程实例/)
      .waitFor();
    await confirm('一起删除');
    await toast('删除成功').waitFor(ENGINE);
    await deployment.waitFor({ state: 'detached' });

    await openMenu(page, '流程管理', '流程跟踪', INSTANCES);
    const instances = pane(INSTANCES);
    await search(instances, 'crud-search-flowInstance_businessKey', businessKey);
    await instances.locator('.ant-table-placeholder').waitFor(LAZY);
    expect(await row(instances, businessKey).count()).toBe(0);
  });
});
