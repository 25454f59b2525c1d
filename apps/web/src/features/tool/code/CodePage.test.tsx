import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../stores/session.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { DatasourceTestAction } from '../datasource/DatasourceTestAction.tsx';
import { CodePage } from './CodePage.tsx';

initI18n();
const { fetchMock, toast } = setUpRequests();
beforeEach(stubLayout);

const record = {
  id: '41',
  codeName: '订单模块',
  datasourceId: '3',
  tableName: 'orders',
  resourceName: 'order',
  apiPath: '/shop/order',
  tenantScoped: true,
};

/** Answers the code generator's calls by path; records the POSTs. */
function serve() {
  const posted: { path: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (init?.method === 'POST') {
      posted.push({ path, body: JSON.parse(String(init.body)) });
      return envelope(path.endsWith('/datasource/test') ? { version: '16.4', elapsedMs: 12 } : { id: '42' });
    }
    if (path === '/api/yuan-develop/code/list') {
      return envelope({ records: [record], total: 1, size: 10, current: 1, pages: 1 });
    }
    if (path === '/api/yuan-develop/datasource/list') {
      return envelope({ records: [{ id: '3', name: '报表库' }], total: 1, size: 200, current: 1, pages: 1 });
    }
    if (path === '/api/yuan-develop/datasource/tables') {
      return envelope([
        { schema: 'public', name: 'orders' },
        { schema: 'sales', name: 'order_items' },
      ]);
    }
    return envelope(null);
  });
  return posted;
}

function render(ui: ReactElement) {
  renderInApp(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>{ui}</App>
    </QueryClientProvider>,
  );
}

describe('the code generator', { timeout: 120_000 }, () => {
  it("offers the chosen datasource's tables as the table name", async () => {
    useSession.setState({ permission: { code_add: true } });
    const posted = serve();
    render(<CodePage />);
    fireEvent.click(await screen.findByTestId('code-add'));
    const dialog = await screen.findByTestId('code-dialog');
    // Without a datasource the table name is typed: nothing is asked.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/datasource/tables'))).toBe(false);
    fireEvent.mouseDown(within(dialog).getByLabelText('数据源'));
    // The table's cell of the row carries the same title: the option is the one in the dropdown.
    const options = await screen.findAllByTitle('报表库');
    fireEvent.click(options.find((e) => e.classList.contains('ant-select-item-option')) as HTMLElement);
    const table = await within(dialog).findByTestId('code-table-name');
    fireEvent.change(within(table).getByRole('combobox'), { target: { value: 'order' } });
    expect(await screen.findByText('sales.order_items')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/datasource/tables?id=3'))).toBe(true);
    expect(posted).toEqual([]);
  });

  it('copies a row with its button and reloads the list', async () => {
    useSession.setState({ permission: { code_copy: true } });
    const posted = serve();
    render(<CodePage />);
    fireEvent.click(await screen.findByTestId('code-copy'));
    await waitFor(() =>
      expect(posted).toEqual([{ path: '/api/yuan-develop/code/copy', body: { id: '41' } }]),
    );
    expect(toast.success).toHaveBeenCalledWith('复制成功');
  });

  it("tests a datasource's connection and says the server's version and time", async () => {
    useSession.setState({ permission: { datasource_test: true } });
    const posted = serve();
    render(<DatasourceTestAction row={{ id: '3' }} />);
    fireEvent.click(await screen.findByTestId('datasource-test'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('连接成功 PostgreSQL 16.4（12 ms）'));
    expect(posted).toEqual([{ path: '/api/yuan-develop/datasource/test', body: { id: '3' } }]);
  });
});
