import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { loginAsAdmin, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';
import {
  blocklySteps,
  flowServiceScreen,
  LAZY,
  type ServiceRow as Row,
  unique,
} from './support/flowService.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { toast } = crudLocators(() => page);
const {
  screen,
  editor,
  nodeDialog,
  runDialog,
  treeNode,
  serviceAt,
  openScreen,
  nodeAction,
  submitNodeDialog,
  setCode,
  runWith,
  closeRunDialog,
} = flowServiceScreen(() => page);

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

    // Code that never ends runs unsaved and is stopped by the sandbox's time limit.
    await setCode('while(true){}');
    const looping = await runWith('{}');
    expect(await looping.getAttribute('data-ok')).toBe('false');
    const error = looping.getByTestId('flow-run-error');
    await error.getByText('超出时间限制（CPU 时间或总时长），脚本已被终止').waitFor();
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
    // The browser is connected to, not launched here: its download is copied over (path() answers for a launch only).
    const saved = join(await mkdtemp(join(tmpdir(), 'yuan-e2e-')), download.suggestedFilename());
    await download.saveAs(saved);
    const text = await readFile(saved, 'utf8');
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

  it('builds return 6 * 7 from Blockly blocks, saves the blocks and runs the code they generate', {
    timeout: 180_000,
  }, async () => {
    const api = await apiLogin('admin', inject('adminPassword'));
    const path = `${unique('blocks')}/answer`;
    const service = await api.post<Row>('/api/yuan-api/s/saveOrUpdate', {
      parentId: '0',
      name: unique('E2E积木'),
      kind: 'service',
      path,
      code: 'return 1;',
    });

    await openScreen();
    await screen().getByTestId('flow-tree-search').locator('input').fill(path);
    await serviceAt(path).click();
    await expect.poll(() => editor().locator('.cm-content').textContent(), LAZY).toBe('return 1;');

    // A service without blocks opens an empty workspace (Blockly arrives in its own chunk).
    await editor().getByTestId('flow-editor-tab-blocks').click();
    const workspace = () => editor().locator('[data-testid="flow-blockly"][data-ready="true"]');
    await workspace().waitFor(LAZY);
    const blocks = blocklySteps(() => page, workspace);
    expect(await blocks.placed('g.blocklyDraggable').count()).toBe(0);

    // "return" from the service API, then a sum (with 1 and 1 filled in) dropped onto its input.
    await blocks.openCategory('服务接口');
    const area = await workspace().locator('.blocklyMainBackground').boundingBox();
    if (!area) {
      throw new Error('the workspace has no box');
    }
    await blocks.dragOut('yuan_return', { x: area.x + area.width / 2, y: area.y + 60 });
    const returning = blocks.placed('g.yuan_return');
    await returning.waitFor();
    await blocks.openCategory('数学');
    const { right } = await blocks.corners(returning.locator('.blocklyPath').first());
    await blocks.dragOut('math_arithmetic', { x: right.x, y: right.y });
    const product = blocks.placed('g.yuan_return g.math_arithmetic');
    await product.waitFor();

    // 6 × 7: the two numbers typed over, the operator chosen.
    const numbers = product.locator('g.math_number .blocklyNumberField');
    await blocks.typeInto(numbers.nth(0), '6');
    await blocks.typeInto(numbers.nth(1), '7');
    await blocks.choose(product.locator('.blocklyDropdownField'), '×');
    await editor().getByTestId('flow-editor-dirty').waitFor();

    // Saving from the blocks stores them and their script as the service's code.
    await editor().getByTestId('flow-editor-save').click();
    await toast('保存成功').waitFor();
    await editor().getByTestId('flow-editor-dirty').waitFor({ state: 'detached' });
    const saved = await api.get<{ code: string; data: { blocks?: unknown } | null }>(
      `/api/blockly/fnFindByID/${service.id}`,
    );
    expect(saved.code).toBe('return 6 * 7;\n');
    expect(JSON.stringify(saved.data)).toContain('"yuan_return"');

    // The code tab shows the generated code, read-only with a note, and the run dialog runs it.
    await editor().getByTestId('flow-editor-tab-code').click();
    await editor().getByTestId('flow-editor-generated').waitFor();
    await expect.poll(() => editor().locator('.cm-content').textContent()).toBe('return 6 * 7;');
    expect(await editor().locator('.cm-content').getAttribute('contenteditable')).toBe('false');
    const result = await runWith('{}');
    expect(await result.getByTestId('flow-run-value').textContent()).toBe('42');
    await closeRunDialog();
  });
});
