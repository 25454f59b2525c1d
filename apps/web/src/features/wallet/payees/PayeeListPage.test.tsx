import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../stores/session.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { PayeeListPage } from './PayeeListPage.tsx';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

const ADDRESS = `0x${'ab'.repeat(20)}`;
const text = (label: string, extra: Record<string, unknown> = {}) => ({
  column: label,
  kind: 'string',
  label,
  ...extra,
});
const config = {
  grid: {
    id: '90',
    gridNo: 'payee',
    gridName: '收款人列表',
    entId: '5',
    gridJson: {
      columns: [{ prop: 'name' }, { prop: 'address' }, { prop: 'remark' }],
      search: ['name'],
      actions: ['add', 'edit', 'delete', 'import', 'export'],
    },
  },
  entity: {
    entId: '5',
    title: '收款人',
    treeField: '',
    fields: {
      name: text('名称', { required: true, search: 'like' }),
      address: text('地址', { required: true }),
      remark: text('备注'),
    },
  },
};

/** The payee calls by path: GETs answer the grid and its rows, POSTs are kept and answered with an id. */
function serve() {
  const posted: { path: string; body: Record<string, unknown> }[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    const path = new URL(String(url), 'http://x').pathname.replace('/api/yuan-api/', '');
    if (path === 'payee/queryConfigByGridId') {
      return envelope(config);
    }
    if (path === 'payee/queryDataByFields') {
      const records = [{ id: '31', name: 'Bob', address: ADDRESS, remark: 'rent' }];
      return envelope({ records, total: 1, size: 10, current: 1, pages: 1 });
    }
    posted.push({ path, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
    return envelope({ id: '32' });
  });
  return posted;
}

const errors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);
const field = (name: string) => document.getElementById(`crud-grid-90_${name}`) as HTMLInputElement;

describe('the payee list', { timeout: 90_000 }, () => {
  it('lists, adds and edits payees through the payee calls, checking the address first', async () => {
    // Payees are the user's own: the screen needs no button codes (the server checks its menu code).
    useSession.setState({ permission: {} });
    const posted = serve();
    renderScreen(<PayeeListPage />);
    await screen.findByText('Bob');
    expect(screen.getByTestId('grid-data-title').textContent).toBe('收款人列表');
    expect(screen.getByTestId('entity-import')).toBeTruthy();
    expect(screen.getByTestId('entity-export')).toBeTruthy();

    fireEvent.click(screen.getByTestId('crud-add'));
    const dialog = within(await screen.findByTestId('crud-dialog-grid-90'));
    fireEvent.change(field('name'), { target: { value: 'Carol' } });
    fireEvent.change(field('address'), { target: { value: '0x123' } });
    fireEvent.click(dialog.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(errors()).toEqual(['地址格式不匹配']));
    fireEvent.change(field('address'), { target: { value: ADDRESS } });
    fireEvent.click(dialog.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      path: 'payee/saveOrUpdateData',
      body: { data: expect.objectContaining({ name: 'Carol', address: ADDRESS }) },
    });

    // The edited row is the one the list showed: there is no detail call.
    const row = (await screen.findByText('Bob')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    await waitFor(() => expect(field('remark')?.value).toBe('rent'));
    fireEvent.change(field('remark'), { target: { value: 'rent and more' } });
    fireEvent.click(within(screen.getByTestId('crud-dialog-grid-90')).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]?.body).toEqual({
      data: expect.objectContaining({ id: '31', name: 'Bob', remark: 'rent and more' }),
    });
  });
});
