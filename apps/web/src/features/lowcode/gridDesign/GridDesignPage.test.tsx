import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderRoute } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { GridDesignPage } from './GridDesignPage.tsx';

initI18n();

const { fetchMock, toast } = setUpRequests();

beforeEach(stubLayout);

const GRID = { id: '9', gridNo: 'orders', gridName: '订单表', entId: '3', isDefault: false };
const ENTITY = {
  entId: '3',
  title: '订单',
  treeField: '',
  fields: {
    title: { column: 'title', kind: 'string', label: '标题', search: 'like' },
    amount: { column: 'amount', kind: 'int', label: ['金额', 'Amount'] },
    paid: { column: 'paid', kind: 'bool', label: '已付' },
  },
};
const ROWS = [
  { id: '1', title: '甲', amount: 5, paid: true },
  { id: '2', title: '乙', amount: 7, paid: false },
];

interface Served {
  saves: Record<string, unknown>[];
  previews: URLSearchParams[];
}

/**
 * Answers the grid, its entity, the preview rows and the save; `refusal` refuses the save and a text as `rows`
 * refuses the preview with that message.
 */
function serve(
  gridJson: unknown,
  { grid = true, refusal = '', rows = ROWS as unknown[] | string } = {},
): Served {
  const served: Served = { saves: [], previews: [] };
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path.includes('dtgrid/getDetail')) {
      return grid
        ? envelope({ ...GRID, gridJson })
        : jsonResponse({ code: 404, success: false, msg: 'x' }, 404);
    }
    if (path.includes('dtgrid/queryConfigByGridId')) {
      return envelope({ grid: { ...GRID, gridJson }, entity: ENTITY });
    }
    if (path.includes('dtentity/queryDataByFields')) {
      served.previews.push(new URL(path, 'http://x').searchParams);
      if (typeof rows === 'string') {
        return jsonResponse({ code: 400, success: false, msg: rows, data: null }, 400);
      }
      return envelope({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 });
    }
    served.saves.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return refusal
      ? jsonResponse({ code: 400, success: false, msg: refusal, data: null }, 400)
      : envelope(true);
  });
  return served;
}

const STORED = {
  columns: [{ prop: 'title' }, { prop: 'amount', width: 120 }],
  search: ['title'],
  pageSize: 10,
};

/** Serves `stored` as the grid's JSON and renders the designer once it has loaded. */
async function openDesigner(stored: unknown = STORED, options: Parameters<typeof serve>[1] = {}) {
  const served = serve(stored, options);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderRoute(
    '/grid/edit/:id',
    <QueryClientProvider client={client}>
      <App>
        <GridDesignPage />
      </App>
    </QueryClientProvider>,
  );
  return served;
}

/** The column props in the designer's order. */
const columnOrder = () =>
  screen.getAllByTestId(/^grid-column-[a-z]+$/).map((row) => row.dataset.testid?.replace('grid-column-', ''));

/** The header texts of the preview table. */
const previewHeaders = () =>
  within(screen.getByTestId('grid-preview'))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

/** Opens the select `testId` and picks the option `title` (the table's cells carry titles too). */
async function choose(testId: string, title: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const options = await screen.findAllByTitle(title);
  const option = options.find((element) => element.classList.contains('ant-select-item-option'));
  fireEvent.click(option as HTMLElement);
}

describe('GridDesignPage', () => {
  it('lists the entity fields, ticks the columns and previews the rows', async () => {
    await openDesigner();
    expect(await screen.findByTestId('grid-design')).toBeTruthy();
    expect((screen.getByTestId('grid-field-title') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('grid-field-paid') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('订单表', { exact: false })).toBeTruthy();
    expect(columnOrder()).toEqual(['title', 'amount']);
    await waitFor(() => expect(within(screen.getByTestId('grid-preview')).getByText('甲')).toBeTruthy());
    expect(previewHeaders()).toEqual(['标题', '金额']);
  });

  it('starts a grid with nothing stored from every listed field', async () => {
    await openDesigner(null);
    await screen.findByTestId('grid-design');
    expect(columnOrder()).toEqual(['title', 'amount', 'paid']);
    expect(screen.queryByTestId('grid-design-unsaved')).toBeNull();
  });

  it('adds a ticked field as the last column and the preview shows it', async () => {
    await openDesigner();
    fireEvent.click(await screen.findByTestId('grid-field-paid'));
    expect(columnOrder()).toEqual(['title', 'amount', 'paid']);
    expect(previewHeaders()).toEqual(['标题', '金额', '已付']);
    await waitFor(() => expect(within(screen.getByTestId('grid-preview')).getByText('是')).toBeTruthy());
    expect(screen.getByTestId('grid-design-unsaved').textContent).toBe('有未保存的修改');
    fireEvent.click(screen.getByTestId('grid-field-title'));
    expect(columnOrder()).toEqual(['amount', 'paid']);
  });

  it('moves a column with the down and up buttons', async () => {
    await openDesigner();
    await screen.findByTestId('grid-design');
    expect((screen.getByTestId('grid-column-title-up') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('grid-column-title-down'));
    expect(columnOrder()).toEqual(['amount', 'title']);
    expect(previewHeaders()).toEqual(['金额', '标题']);
    fireEvent.click(screen.getByTestId('grid-column-title-up'));
    expect(columnOrder()).toEqual(['title', 'amount']);
  });

  it('previews and saves the unsaved design: order, width, page size, sort and actions', async () => {
    const served = await openDesigner();
    await screen.findByTestId('grid-design');
    await waitFor(() => expect(served.previews).toHaveLength(1));
    fireEvent.click(screen.getByTestId('grid-field-paid'));
    fireEvent.click(screen.getByTestId('grid-column-paid-up'));
    const width = screen.getByTestId('grid-column-title-width');
    fireEvent.change(width, { target: { value: '150' } });
    fireEvent.blur(width);
    await choose('grid-page-size', '20 条/页');
    await choose('grid-sort-field', '金额');
    fireEvent.click(screen.getByLabelText('降序'));
    fireEvent.click(screen.getByLabelText('导入'));
    await waitFor(() => expect(served.previews.at(-1)?.get('sort')).toBe('-amount'));
    const last = served.previews.at(-1);
    expect([last?.get('entId'), last?.get('current'), last?.get('size')]).toEqual(['3', '1', '20']);
    fireEvent.click(screen.getByTestId('grid-design-save'));
    await waitFor(() => expect(served.saves).toHaveLength(1));
    expect(served.saves[0]).toEqual({
      id: '9',
      gridNo: 'orders',
      gridName: '订单表',
      entId: '3',
      gridJson: {
        columns: [{ prop: 'title', width: 150 }, { prop: 'paid' }, { prop: 'amount', width: 120 }],
        search: ['title'],
        pageSize: 20,
        actions: ['add', 'edit', 'view', 'delete', 'export'],
        sort: { prop: 'amount', order: 'desc' },
      },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('保存成功'));
    expect(screen.queryByTestId('grid-design-unsaved')).toBeNull();
  });

  it("shows the server's refusal of a save and stays unsaved", async () => {
    const served = await openDesigner(STORED, { refusal: '默认排序的字段必须是表格的列' });
    fireEvent.click(await screen.findByTestId('grid-field-paid'));
    fireEvent.click(screen.getByTestId('grid-design-save'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('默认排序的字段必须是表格的列'));
    expect(served.saves).toHaveLength(1);
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByTestId('grid-design-unsaved')).toBeTruthy();
  });

  it('shows the JSON to be saved', async () => {
    await openDesigner();
    fireEvent.click(await screen.findByTestId('grid-design-json'));
    const text = await screen.findByTestId('grid-design-json-text');
    expect(JSON.parse(text.textContent ?? '')).toEqual({
      columns: [{ prop: 'title' }, { prop: 'amount', width: 120 }],
      search: ['title'],
      pageSize: 10,
      actions: ['add', 'edit', 'view', 'delete', 'import', 'export'],
    });
  });

  it('goes back to the grids of the entity, asking first when there are unsaved changes', async () => {
    await openDesigner();
    fireEvent.click(await screen.findByTestId('grid-field-paid'));
    fireEvent.click(screen.getByTestId('grid-design-back'));
    await screen.findByText('有未保存的修改，确定要离开吗？');
    fireEvent.click(screen.getByText('确定').closest('button') as HTMLElement);
    expect((await screen.findByTestId('where')).textContent).toBe('/grid/3');
  });

  it('says when the grid does not exist', async () => {
    await openDesigner(null, { grid: false });
    expect((await screen.findByTestId('grid-design-missing')).textContent).toContain('表格不存在或无权查看');
  });

  it('says when there are no rows or no columns to preview', async () => {
    await openDesigner(STORED, { rows: [] });
    await waitFor(() =>
      expect(within(screen.getByTestId('grid-preview')).getByText('暂无数据')).toBeTruthy(),
    );
    fireEvent.click(screen.getByTestId('grid-column-title-remove'));
    fireEvent.click(screen.getByTestId('grid-column-amount-remove'));
    expect(within(screen.getByTestId('grid-preview')).getByText('没有可预览的列')).toBeTruthy();
  });

  it("shows the server's reason when the preview rows are refused", async () => {
    await openDesigner(STORED, { rows: '实体尚未同步数据表' });
    const error = await screen.findByTestId('grid-preview-error');
    expect(error.textContent).toContain('预览数据加载失败');
    expect(error.textContent).toContain('实体尚未同步数据表');
    expect(toast.error).not.toHaveBeenCalled();
  });
});
