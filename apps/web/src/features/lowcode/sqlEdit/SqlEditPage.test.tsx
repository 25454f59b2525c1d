import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../stores/session.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import type { SqlEditorProps } from './SqlEditor.tsx';
import { SqlEditPage } from './SqlEditPage.tsx';

// CodeMirror needs a layout jsdom does not have: a text box stands in, with the same value and change handler.
vi.mock('./SqlEditor.tsx', () => ({
  SqlEditor: ({ value, onChange, testId }: SqlEditorProps) => (
    <textarea data-testid={testId} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(() => {
  stubLayout();
  useSession.setState({ permission: { sqlEdit: true, sqlEdit_test: true } });
});

const orders = {
  id: '7',
  entNo: 'orders',
  entName: '订单',
  syncedVersion: 1,
  elements: [
    { eleNo: 'title', eleName: '标题' },
    { eleNo: 'amount', eleName: '金额' },
  ],
};
const draft = { ...orders, id: '8', entNo: 'drafts', entName: '草稿', syncedVersion: 0 };

interface Sent {
  url: string;
  body: Record<string, unknown> | null;
}

/** Answers the entity list and, per path, the SQL calls; records what was sent. */
function serve(answers: Record<string, () => Response>): Sent[] {
  const sent: Sent[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    sent.push({ url, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null });
    if (url.includes('/dtentity/fnEntityList')) {
      return envelope({ records: [orders, draft], total: 2, size: 200, current: 1, pages: 1 });
    }
    const path = Object.keys(answers).find((key) => url.includes(key));
    return path ? (answers[path]?.() ?? envelope(null)) : envelope(null);
  });
  return sent;
}

function open() {
  renderInApp(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SqlEditPage />
    </QueryClientProvider>,
  );
}

const editor = async () => (await screen.findByTestId('sql-editor')) as HTMLTextAreaElement;

describe('the SQL editor', { timeout: 120_000 }, () => {
  it('runs the query with its parameters and shows the rows, the time and that only the first rows came', async () => {
    const sent = serve({
      '/sqlEdit/test': () =>
        envelope({
          columns: ['title', 'amount'],
          rows: [
            { title: '甲', amount: '12.50' },
            { title: '乙', amount: null },
          ],
          truncated: true,
          elapsedMs: 17,
        }),
    });
    open();
    fireEvent.change(await editor(), {
      target: { value: 'SELECT title, amount FROM orders WHERE amount > $1 AND title <> $2' },
    });
    // One line per $n, as many as the query uses.
    const first = await screen.findByTestId('sql-param-1');
    fireEvent.change(first, { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('sql-param-2'), { target: { value: '丙' } });
    fireEvent.mouseDown(screen.getByLabelText('$1 的类型'));
    fireEvent.click(
      (await screen.findAllByTitle('数字')).find((e) =>
        e.classList.contains('ant-select-item-option'),
      ) as HTMLElement,
    );
    fireEvent.click(screen.getByTestId('sql-run'));

    const rows = await screen.findByTestId('sql-rows');
    expect(within(rows).getByText('甲')).toBeTruthy();
    expect(within(rows).getByText('12.50')).toBeTruthy();
    expect(within(rows).getByText('NULL')).toBeTruthy();
    expect(screen.getByTestId('sql-truncated').textContent).toContain('仅显示前 2 行');
    expect(screen.getByTestId('sql-elapsed').textContent).toBe('共 2 行，耗时 17 ms');
    const run = sent.find((s) => s.url.includes('/sqlEdit/test'));
    expect(run?.body).toEqual({
      sql: 'SELECT title, amount FROM orders WHERE amount > $1 AND title <> $2',
      params: [10, '丙'],
    });
  });

  it("shows the server's reason when the query is refused, instead of rows", async () => {
    serve({
      '/sqlEdit/test': () =>
        jsonResponse({ code: 400, success: false, msg: '未知的表：secrets', data: null }, 400),
    });
    open();
    fireEvent.change(await editor(), { target: { value: 'SELECT * FROM secrets' } });
    fireEvent.click(screen.getByTestId('sql-run'));
    expect((await screen.findByTestId('sql-error')).textContent).toContain('未知的表：secrets');
    expect(screen.queryByTestId('sql-rows')).toBeNull();
  });

  it('refuses a number parameter that is not a number without asking the server', async () => {
    const sent = serve({});
    open();
    fireEvent.change(await editor(), { target: { value: 'SELECT 1 FROM orders WHERE amount > $1' } });
    fireEvent.mouseDown(await screen.findByLabelText('$1 的类型'));
    fireEvent.click(
      (await screen.findAllByTitle('数字')).find((e) =>
        e.classList.contains('ant-select-item-option'),
      ) as HTMLElement,
    );
    fireEvent.change(screen.getByTestId('sql-param-1'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('sql-run'));
    expect((await screen.findByTestId('sql-error')).textContent).toContain('参数 $1 不是数字');
    expect(sent.some((s) => s.url.includes('/sqlEdit/test'))).toBe(false);
  });

  it('fills the editor and the parameters with what the visual builder answers', async () => {
    const spliced = {
      sql: 'SELECT "orders"."title"\nFROM "orders"\nWHERE "orders"."amount" > $1',
      params: [100],
    };
    const sent = serve({ '/sqlEdit/splicingSql': () => envelope(spliced) });
    open();
    const builder = await screen.findByTestId('sql-builder');
    // Only entities with a table are offered.
    fireEvent.mouseDown(
      within(await within(builder).findByTestId('sql-builder-entities')).getByRole('combobox'),
    );
    expect(screen.queryByTitle('drafts (草稿)')).toBeNull();
    fireEvent.click(await screen.findByTitle('orders (订单)'));
    fireEvent.mouseDown(within(builder).getAllByLabelText('请选择字段')[0] as HTMLElement);
    fireEvent.click((await screen.findAllByTitle('orders.title (标题)'))[0] as HTMLElement);
    fireEvent.click(within(builder).getByTestId('sql-builder-condition-add'));
    const columns = within(builder).getAllByLabelText('请选择字段');
    fireEvent.mouseDown(columns[1] as HTMLElement);
    const amount = (await screen.findAllByTitle('orders.amount (金额)')).filter((e) =>
      e.classList.contains('ant-select-item-option'),
    );
    fireEvent.click(amount[amount.length - 1] as HTMLElement);
    fireEvent.mouseDown(within(builder).getByLabelText('运算符'));
    fireEvent.click(
      (await screen.findAllByTitle('大于')).find((e) =>
        e.classList.contains('ant-select-item-option'),
      ) as HTMLElement,
    );
    fireEvent.change(within(builder).getByPlaceholderText('值'), { target: { value: '100' } });
    fireEvent.click(within(builder).getByTestId('sql-build'));

    await waitFor(async () => expect((await editor()).value).toBe(spliced.sql));
    const body = sent.find((s) => s.url.includes('/sqlEdit/splicingSql'))?.body;
    expect(body).toEqual({
      entities: ['orders'],
      fields: [{ column: 'orders.title' }],
      conditions: [{ column: 'orders.amount', op: '>', value: '100' }],
    });
    expect((screen.getByTestId('sql-param-1') as HTMLInputElement).value).toBe('100');
    expect(screen.getByLabelText('$1 的类型').closest('.ant-select')?.textContent).toContain('数字');
  });
});
