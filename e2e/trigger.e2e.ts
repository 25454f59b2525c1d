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

const { pane, toast, row } = crudLocators(() => page);
const TRIGGERS = '/lowcode/trigger/index';
/**
 * The receiver: a public address written as an IP, since the server resolves a receiver's name when a trigger is
 * saved and the machine running the tests may have no DNS. Nothing is sent to it: no row of the entity is written.
 */
const RECEIVER = 'https://1.1.1.1/hook';

/** An entity with one field, synced to its table (a trigger watches only a synced entity); made through the API. */
async function syncedEntity(code: string, name: string): Promise<void> {
  const api = await apiLogin('admin', inject('adminPassword'));
  const entity = await api.post<{ id: string }>('/api/yuan-api/dtentity/saveOrUpdate', {
    entNo: code,
    entName: name,
    remark: '',
    elements: [{ eleNo: 'amount', eleName: '金额', dataTyp: 'string' }],
  });
  await api.post('/api/yuan-api/dtentity/syncEntityDataBaseTable', { id: entity.id, apply: true });
}

/** Picks an option of an antd select after typing its text (long lists only draw what is in view). */
async function choose(select: Locator, option: string) {
  await select.click();
  await page.keyboard.type(option);
  await page
    .locator(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`,
    )
    .click();
}

describe('triggers', () => {
  it("defines a webhook on an entity's new rows, edits it with the secret kept, and shows its deliveries", async () => {
    const suffix = Date.now().toString(36);
    const entityName = `触发实体${suffix}`;
    const name = `新行通知${suffix}`;
    await syncedEntity(`trg_${suffix}`, entityName);

    await openMenu(page, '低代码', '触发器', TRIGGERS);
    const screen = pane(TRIGGERS);
    await screen.getByTestId('trigger-add').click();
    const dialog = page.locator('[data-testid="trigger-dialog"] .ant-modal');
    await dialog.waitFor();
    await dialog.getByLabel('名称', { exact: true }).fill(name);
    await choose(dialog.locator('.ant-select', { has: page.getByLabel('触发对象') }), entityName);
    // 新增 is the event a new trigger starts with, and a webhook its action.
    expect(await dialog.getByLabel('新增', { exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Webhook', { exact: true }).isChecked()).toBe(true);
    await dialog.getByLabel('签名密钥').fill('an-e2e-signing-secret');

    // An internal receiver is refused by the server, which names it; the dialog keeps what was typed.
    await dialog.getByLabel('接收地址').fill('http://127.0.0.1:9/hook');
    await dialog.getByRole('button', { name: '提交' }).click();
    await toast('不允许连接内部地址 127.0.0.1').waitFor();
    expect(await dialog.getByLabel('名称', { exact: true }).inputValue()).toBe(name);

    await dialog.getByLabel('接收地址').fill(RECEIVER);
    await dialog.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const saved = row(screen, name);
    await saved.getByText(entityName, { exact: true }).waitFor();
    await saved.getByText('新增', { exact: true }).waitFor();
    await saved.getByText('Webhook 1.1.1.1', { exact: true }).waitFor();

    // Opened again: the secret is never shown, and left blank it is kept.
    await saved.getByTestId('trigger-edit').click();
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('名称', { exact: true }).inputValue()).toBe(name);
    const secret = dialog.getByLabel('签名密钥');
    expect(await secret.inputValue()).toBe('');
    expect(await secret.getAttribute('placeholder')).toBe('留空则保持不变');
    expect(await dialog.getByLabel('接收地址').inputValue()).toBe(RECEIVER);
    await dialog.getByRole('button', { name: '提交' }).click();
    await toast('更新成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // No row of the entity was written: nothing was delivered.
    await saved.getByTestId('trigger-deliveries-open').click();
    const drawer = page.getByTestId('trigger-deliveries');
    await page.locator('.ant-drawer-title').getByText(`投递记录 · ${name}`, { exact: true }).waitFor();
    await drawer.getByText('暂无投递记录', { exact: true }).waitFor();
  });
});
