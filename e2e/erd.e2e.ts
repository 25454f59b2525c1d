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

const { pane } = crudLocators(() => page);
const ERD = '/erd/index';

interface Defined {
  customer: { id: string; code: string; name: string };
  order: { id: string; code: string; name: string };
}

/**
 * Defines two entities through the API, the second with a field referencing the first, and syncs both to tables
 * (the first before the second, whose reference needs it). Codes carry a suffix so reruns never collide.
 */
async function defineEntities(): Promise<Defined> {
  const admin = await apiLogin('admin', inject('adminPassword'));
  const suffix = Date.now().toString(36);
  const customer = { code: `erd_customer_${suffix}`, name: `ERD客户${suffix}` };
  const order = { code: `erd_order_${suffix}`, name: `ERD订单${suffix}` };
  const saved = await admin.post<{ id: string }>('/api/yuan-api/dtentity/saveOrUpdate', {
    entNo: customer.code,
    entName: customer.name,
    elements: [{ eleNo: 'name', eleName: '姓名', dataTyp: 'string' }],
  });
  const savedOrder = await admin.post<{ id: string }>('/api/yuan-api/dtentity/saveOrUpdate', {
    entNo: order.code,
    entName: order.name,
    elements: [
      { eleNo: 'title', eleName: '标题', dataTyp: 'string' },
      { eleNo: 'customer_id', eleName: '客户', dataTyp: 'string', refEntId: saved.id },
    ],
  });
  for (const id of [saved.id, savedOrder.id]) {
    await admin.post('/api/yuan-api/dtentity/syncEntityDataBaseTable', { id, apply: true });
  }
  return { customer: { ...customer, id: saved.id }, order: { ...order, id: savedOrder.id } };
}

const table = (screen: Locator, code: string) =>
  screen.locator(`[data-testid="erd-table"][data-entity="${code}"]`);
const edge = (screen: Locator, label: string) => screen.locator(`.react-flow__edge[aria-label="${label}"]`);
/** The drawn position of an entity's table (React Flow places each node with a translate). */
const transformOf = (screen: Locator, id: string) =>
  screen
    .locator(`.react-flow__node[data-id="${id}"]`)
    .evaluate((node) => (node as HTMLElement).style.transform);

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) {
    throw new Error('drag source or target is not visible');
  }
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags with the mouse in small steps, as a hand does: React Flow starts a drag only after the pointer moved. */
async function dragFromTo(from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 6, from.y + 6, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 15 });
  // A last small move over the target: on a busy machine the target is only known after a move event there.
  await page.mouse.move(to.x + 1, to.y + 1, { steps: 2 });
  await page.mouse.up();
}

async function openDiagram(): Promise<Locator> {
  await openMenu(page, '低代码', 'ER图', ERD);
  const screen = pane(ERD);
  await screen.locator('[data-testid="erd-canvas"][data-placement="ready"]').waitFor();
  return screen;
}

describe('the ER diagram', () => {
  it('shows two entities as tables with the reference between them, finds one and opens its data', async () => {
    const { customer, order } = await defineEntities();
    const screen = await openDiagram();
    await table(screen, customer.code).getByText('name', { exact: true }).waitFor();
    await table(screen, order.code).getByText('customer_id', { exact: true }).waitFor();
    await edge(screen, `${order.code}.customer_id → ${customer.code}`).waitFor();

    // The search box centres the table it finds.
    await screen.getByTestId('erd-search').click();
    await page.keyboard.type(order.code);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: order.code,
      })
      .click();

    // The whole diagram as a picture, in either format.
    for (const kind of ['png', 'svg']) {
      const download = page.waitForEvent('download');
      await screen.getByTestId(`erd-export-${kind}`).click();
      expect((await download).suggestedFilename()).toMatch(new RegExp(`^erd-\\d{8}-\\d{4}\\.${kind}$`));
    }

    // A click on a table offers its definition list and its rows.
    await table(screen, order.code).locator('.erd-table__name').click();
    await screen.getByTestId('erd-open-data').click();
    await page.waitForURL(`**/entity/detail/${order.id}`);
    await page.locator(`[data-pane="/entity/detail/${order.id}"]`).getByTestId('crud-add').waitFor();
  });

  it('keeps a table where it was dragged, after the page is loaded again', async () => {
    const { customer } = await defineEntities();
    const screen = await openDiagram();
    const before = await transformOf(screen, customer.id);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/yuan-api/erd/layout') && r.request().method() === 'POST',
    );
    const from = await centreOf(table(screen, customer.code).locator('.erd-table__name'));
    await dragFromTo(from, { x: from.x + 160, y: from.y + 90 });
    expect((await saved).status()).toBe(200);
    const moved = await transformOf(screen, customer.id);
    expect(moved).not.toBe(before);

    await page.reload();
    const again = pane(ERD);
    await again.locator('[data-testid="erd-canvas"][data-placement="ready"]').waitFor();
    await table(again, customer.code).waitFor();
    expect(await transformOf(again, customer.id)).toBe(moved);
  });

  it('adds a reference field by dragging from one table onto another', async () => {
    const { customer, order } = await defineEntities();
    const screen = await openDiagram();
    const dialog = page.locator('.erd-reference .ant-modal');
    const start = table(screen, customer.code).locator('[data-handleid="new"]');
    // A drop is handled on release: a drag the busy machine lost is simply made again, at most three times.
    for (let attempt = 1; ; attempt++) {
      await dragFromTo(
        await centreOf(start),
        await centreOf(table(screen, order.code).locator('.erd-table__body')),
      );
      try {
        await dialog
          .getByText(`在“${customer.name}”中新增一个字段，引用“${order.name}”的数据。`, { exact: false })
          .waitFor({
            timeout: 5_000,
          });
        break;
      } catch (error) {
        if (attempt >= 3) {
          throw error;
        }
      }
    }
    await dialog.getByLabel('字段编号').fill('main_order_id');
    await dialog.getByLabel('字段名称').fill('主订单');
    await dialog.getByRole('button', { name: '提交' }).click();
    await page
      .locator('.ant-modal-confirm', { hasText: '是否现在同步到数据库' })
      .getByRole('button', { name: '稍后' })
      .click();
    await table(screen, customer.code).getByText('main_order_id', { exact: true }).waitFor();
    await edge(screen, `${customer.code}.main_order_id → ${order.code}`).waitFor();
  });
});
