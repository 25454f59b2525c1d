import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { NO_PARENT_ROWS, type ParentRow } from './bindingView.ts';
import { NodeViewDrawer, type OpenedNode } from './NodeViewDrawer.tsx';

initI18n();
const { fetchMock, toast } = setUpRequests();
beforeEach(stubLayout);

const alice: ParentRow = { entId: '11', id: '501', label: 'Alice' };

function renderView(opened: OpenedNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <App>
        <NodeViewDrawer opened={opened} rows={NO_PARENT_ROWS} onPick={vi.fn()} onClose={vi.fn()} />
      </App>
    </QueryClientProvider>,
  );
}

/** What was posted to a path, parsed. */
function posted(part: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).includes(part) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe("a running map's node view", () => {
  it('asks for the parent row first, naming the node whose list gives it', async () => {
    renderView({ topic: 'Orders', view: { kind: 'needParent', entId: '11' }, parentTopic: 'Customers' });
    expect(await screen.findByText('请先选择父行')).toBeTruthy();
    expect(
      screen.getByText('打开节点“Customers”的列表，在其中一行点击“设为父行”，再打开此节点。'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fills a sub-form with the parent row's id in its locked reference field and adds the row", async () => {
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.includes('dtpage/fnList')) {
        return envelope({
          records: [{ id: '8', isDefault: true }],
          total: 1,
          size: 200,
          current: 1,
          pages: 1,
        });
      }
      if (path.includes('dtpage/getDetail')) {
        const column = [
          { prop: 'title', label: '标题', type: 'input' },
          { prop: 'customer', label: '客户', type: 'input' },
        ];
        return envelope({ id: '8', pageNo: 'order', pageName: '订单', entId: '12', formJson: { column } });
      }
      if (path.includes('dtentity/queryConfig')) {
        const fields = {
          title: { column: 'title', kind: 'string', label: '标题' },
          customer: { column: 'customer', kind: 'id', label: '客户', ref: '11' },
        };
        return envelope({ entId: '12', title: '订单', fields, treeField: '' });
      }
      return envelope({ id: '900' });
    });
    renderView({
      topic: 'New order',
      view: { kind: 'subform', entId: '12', refField: 'customer', parent: alice },
    });
    expect(await screen.findByText('父行：Alice（ID 501）')).toBeTruthy();
    const customer = (await screen.findByLabelText('客户')) as HTMLInputElement;
    expect(customer.value).toBe('501');
    expect(customer.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: 'First order' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('提交成功'));
    expect(posted('dtentity/saveOrUpdateData')).toEqual([
      { entId: '12', data: { title: 'First order', customer: '501' } },
    ]);
  });

  it('runs a service by its path with the parent row and shows its value as JSON', async () => {
    fetchMock.mockResolvedValue(envelope({ score: 42 }));
    renderView({
      topic: 'Score',
      view: { kind: 'service', path: 'crm/score', params: { parentId: '501', parentEntId: '11' } },
    });
    const result = await screen.findByTestId('mindmap-service-result');
    expect(JSON.parse(result.textContent ?? '')).toEqual({ score: 42 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/yuan-api/s/crm/score');
    expect(posted('/s/crm/score')).toEqual([{ parentId: '501', parentEntId: '11' }]);
  });

  it('says so when a service fails, in place', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 400, success: false, msg: '脚本出错', data: null }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderView({ topic: 'Score', view: { kind: 'service', path: 'crm/score', params: {} } });
    expect(await screen.findByText('脚本出错')).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
