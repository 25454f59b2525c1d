import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Element } from '@yuan/contract/lowcode/entity';
import { App } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../stores/session.ts';
import { renderRoute } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../../test/responses.ts';
import { ErdPage } from './ErdPage.tsx';

initI18n();
const { fetchMock } = setUpRequests();

/**
 * What React Flow needs from a browser that jsdom lacks: size observers, a transform matrix and element sizes
 * (React Flow's own testing guide lists the same stand-ins).
 */
beforeAll(() => {
  class SizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element | globalThis.Element) {
      this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver = SizeObserver as unknown as typeof ResizeObserver;
  class Matrix {
    m22 = 1;
  }
  globalThis.DOMMatrixReadOnly = Matrix as unknown as typeof DOMMatrixReadOnly;
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: { configurable: true, get: () => 100 },
    offsetWidth: { configurable: true, get: () => 240 },
  });
});

function element(id: string, eleNo: string, refEntId = ''): Element {
  return {
    id,
    eleNo,
    eleName: eleNo.toUpperCase(),
    dataTyp: 'string',
    verifyJson: {},
    defNo: '',
    refEntId,
    unique: false,
    sort: 0,
  };
}

const CUSTOMER = { id: '1', entNo: 'customer', entName: '客户', elements: [element('11', 'name')] };
const ORDER = { id: '2', entNo: 'order', entName: '订单', elements: [element('21', 'customer_id', '1')] };

type Answer = Response | (() => Response);

/** Answers the calls by path; an unexpected one fails the test with its path. */
function serve(answers: Record<string, Answer>) {
  fetchMock.mockImplementation(async (url) => {
    const path = new URL(String(url), 'http://x').pathname.replace('/api/yuan-api/', '');
    const answer = answers[path];
    if (!answer) {
      throw new Error(`unexpected call ${path}`);
    }
    return typeof answer === 'function' ? answer() : answer.clone();
  });
}

const page = (records: unknown[]) =>
  envelope({ records, total: records.length, size: 200, current: 1, pages: 1 });

function renderErd() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderRoute(
    '/erd/index',
    <QueryClientProvider client={client}>
      <App>
        <ErdPage />
      </App>
    </QueryClientProvider>,
  );
}

describe('the ER diagram screen', () => {
  it('says there are no entities yet, and leads to the entities screen', async () => {
    serve({ 'dtentity/fnEntityList': page([]), 'erd/layout': envelope({ positions: {} }) });
    renderErd();
    expect(await screen.findByText('还没有实体')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '去定义实体' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/entity/index');
  });

  it('offers to read again when the entities could not be read', async () => {
    serve({
      'dtentity/fnEntityList': jsonResponse({ code: 500, success: false, msg: '服务器开小差了' }, 500),
      'erd/layout': envelope({ positions: {} }),
    });
    renderErd();
    const failed = await screen.findByTestId('erd-failed');
    serve({ 'dtentity/fnEntityList': page([CUSTOMER]), 'erd/layout': envelope({ positions: {} }) });
    await userEvent.click(within(failed).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('客户')).toBeTruthy();
  });

  it('draws each entity as a table with its fields, and a reference as an edge', async () => {
    useSession.setState({ permission: {} });
    serve({
      'dtentity/fnEntityList': page([CUSTOMER, ORDER]),
      'erd/layout': envelope({ positions: { '1': { x: 400, y: 0 }, '2': { x: 0, y: 0 } } }),
    });
    renderErd();
    await waitFor(() => expect(screen.getAllByTestId('erd-table')).toHaveLength(2));
    const order = screen.getAllByTestId('erd-table').find((t) => t.dataset.entity === 'order');
    expect(within(order as HTMLElement).getByText('customer_id')).toBeTruthy();
    expect(within(order as HTMLElement).getByLabelText('引用“客户”')).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('[aria-label="order.customer_id → customer"]')).not.toBeNull(),
    );
  });

  it('lays the tables out itself and says so when the saved layout cannot be read', async () => {
    serve({
      'dtentity/fnEntityList': page([CUSTOMER, ORDER]),
      'erd/layout': jsonResponse({ code: 500, success: false, msg: 'down' }, 500),
    });
    renderErd();
    expect(await screen.findByText('未能读取已保存的布局，当前为自动布局')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('erd-canvas').dataset.placement).toBe('ready'));
    // The tables are drawn after the layout is placed: on a busy machine, a moment later.
    await waitFor(() => expect(screen.getAllByTestId('erd-table')).toHaveLength(2));
  });

  it('opens the rows of a table that was clicked', async () => {
    serve({
      'dtentity/fnEntityList': page([CUSTOMER, ORDER]),
      'erd/layout': envelope({ positions: { '1': { x: 400, y: 0 }, '2': { x: 0, y: 0 } } }),
    });
    renderErd();
    await waitFor(() => expect(screen.getAllByTestId('erd-table')).toHaveLength(2));
    // Plain clicks: the pane's drag and zoom handlers read a window from the pointer events user-event makes,
    // which jsdom leaves empty.
    fireEvent.click(screen.getByText('订单'));
    fireEvent.click(await screen.findByTestId('erd-open-data'));
    expect((await screen.findByTestId('where')).textContent).toBe('/entity/detail/2');
  });
});
