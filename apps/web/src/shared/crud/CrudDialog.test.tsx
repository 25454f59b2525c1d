import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defineResource } from '@yuan/contract/resource';
import { deptResource } from '@yuan/contract/system/dept';
import { paramResource } from '@yuan/contract/system/param';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/renderScreen.tsx';
import { setUpRequests } from '../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../test/responses.ts';
import { stubLayout } from '../../test/schemaForm.tsx';
import { initI18n } from '../i18n/index.ts';
import { CrudDialog, type DialogMode } from './CrudDialog.tsx';
import { crudFields } from './fields.ts';
import type { CrudConfig, Row } from './types.ts';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

function open(config: CrudConfig, mode: DialogMode, row: Row | null = null, onHistory?: (row: Row) => void) {
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <CrudDialog
        config={config}
        fields={crudFields(config)}
        mode={mode}
        row={row}
        open
        onClose={() => undefined}
        onSaved={onSaved}
        onHistory={onHistory}
      />
    </QueryClientProvider>,
  );
  return onSaved;
}

const errors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({
      path: new URL(String(url), 'http://x').pathname,
      body: JSON.parse(String(init?.body)),
    }));

describe('the CRUD dialog through the form renderer', { timeout: 60_000 }, () => {
  it('shows the SPEC §5 texts, keeps the input ids and posts the typed row', async () => {
    fetchMock.mockResolvedValue(envelope({ id: '9', paramName: 'n' }));
    const onSaved = open({ resource: paramResource }, 'add');
    const dialog = within(screen.getByTestId('crud-dialog-param'));
    dialog.getByText('新增 参数');
    fireEvent.click(dialog.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(errors()).toEqual(['请输入参数名称', '请输入参数键名', '请输入参数键值']));

    fireEvent.change(document.getElementById('crud-param_paramName') as HTMLInputElement, {
      target: { value: 'n' },
    });
    fireEvent.change(document.getElementById('crud-param_paramKey') as HTMLInputElement, {
      target: { value: 'k' },
    });
    fireEvent.change(document.getElementById('crud-param_paramValue') as HTMLTextAreaElement, {
      target: { value: 'v' },
    });
    fireEvent.click(dialog.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posted()).toEqual([
      {
        path: '/api/yuan-system/param/submit',
        body: { paramName: 'n', paramKey: 'k', paramValue: 'v', remark: '' },
      },
    ]);
  });

  it("shows the server's refusal above the form", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 400, success: false, msg: '参数键名已存在' }, 400));
    open({ resource: paramResource }, 'add');
    for (const [id, value] of [
      ['crud-param_paramName', 'n'],
      ['crud-param_paramKey', 'k'],
      ['crud-param_paramValue', 'v'],
    ]) {
      fireEvent.change(document.getElementById(id ?? '') as HTMLElement, { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() =>
      expect(document.querySelector('.ant-alert-error')?.textContent).toContain('参数键名已存在'),
    );
  });

  it('loads the edited row, offers its tree without itself as parent, and keeps a date a day', async () => {
    const resource = defineResource({
      ...deptResource,
      fields: {
        ...deptResource.fields,
        founded: { column: 'founded', kind: 'date', label: ['成立日期', 'Founded'] },
      },
    });
    const row = {
      id: '2',
      parentId: '1',
      deptName: '研发',
      fullName: '研发部',
      deptCategory: 1,
      sort: 1,
      remark: '',
    };
    const tree = [
      {
        id: '1',
        parentId: '0',
        title: '总部',
        value: '1',
        key: '1',
        children: [{ id: '2', parentId: '1', title: '研发', value: '2', key: '2' }],
      },
    ];
    fetchMock.mockImplementation(async (url) => {
      const path = new URL(String(url), 'http://x').pathname;
      if (path.endsWith('/detail')) {
        return envelope({ ...row, founded: '2000-01-02T00:00:00.000Z' });
      }
      return path.endsWith('/tree') ? envelope(tree) : envelope(row);
    });
    open(
      { resource, fields: { deptCategory: { options: [{ value: 1, label: ['公司', 'Company'] }] } } },
      'edit',
      row,
    );
    await waitFor(() =>
      expect((document.getElementById('crud-dept_deptName') as HTMLInputElement).value).toBe('研发'),
    );
    expect((document.getElementById('crud-dept_founded') as HTMLInputElement).value).toBe('2000-01-02');

    fireEvent.mouseDown(document.getElementById('crud-dept_parentId') as HTMLElement);
    const nodes = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-tree-treenode')];
      expect(found.length).toBeGreaterThan(0);
      return found.map((node) => node.textContent).filter(Boolean);
    });
    expect(nodes).toEqual(['总部']);

    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]?.body).toMatchObject({
      id: '2',
      parentId: '1',
      deptCategory: 1,
      founded: '2000-01-02',
    });
  });

  it("offers an existing row's history beside its buttons, and none for a new row", async () => {
    fetchMock.mockResolvedValue(envelope({ id: '9', paramName: 'n', paramKey: 'k', paramValue: 'v' }));
    const onHistory = vi.fn();
    const row = { id: '9', paramName: 'n' };
    open({ resource: paramResource }, 'view', row, onHistory);
    fireEvent.click(await screen.findByTestId('crud-history'));
    expect(onHistory).toHaveBeenCalledWith(row);
  });

  it('has no history button in the add dialog', () => {
    open({ resource: paramResource }, 'add', null, vi.fn());
    screen.getByText('新增 参数');
    expect(screen.queryByTestId('crud-history')).toBeNull();
  });
});
