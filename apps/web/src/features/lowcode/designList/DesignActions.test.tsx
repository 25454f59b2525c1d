import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../stores/session.ts';
import { renderRoute } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { DesignActions } from './DesignActions.tsx';
import { designApi } from './designApi.ts';

initI18n();
const { fetchMock, toast } = setUpRequests();

const requested = (n: number) => {
  const [url, init] = fetchMock.mock.calls[n] ?? [];
  return {
    url: String(url),
    method: init?.method ?? 'GET',
    body: init?.body ? JSON.parse(String(init.body)) : null,
  };
};

function renderActions(kind: 'page' | 'grid', row: Record<string, unknown>, reload = vi.fn()) {
  renderRoute(
    '/page/:entId',
    <QueryClientProvider client={new QueryClient()}>
      <DesignActions kind={kind} row={{ id: '11', ...row }} context={{ reload, selected: [], search: {} }} />
    </QueryClientProvider>,
    '',
  );
  return reload;
}

describe('the actions of a designed form or grid', () => {
  it('copies with the copy button and says so, then reloads the list', async () => {
    useSession.setState({ permission: { page_copy: true, page_default: true } });
    fetchMock.mockResolvedValueOnce(envelope({ id: '12' }));
    const reload = renderActions('page', { isDefault: false });
    await userEvent.click(screen.getByTestId('design-copy'));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(requested(0)).toMatchObject({ method: 'POST', body: { id: '11' } });
    expect(requested(0).url).toContain('/api/yuan-api/dtpage/copy');
    expect(toast.success).toHaveBeenCalledWith('复制成功');
  });

  it('offers "make default" only on a row that is not the default, and only with its button code', async () => {
    useSession.setState({ permission: { grid_default: true } });
    renderActions('grid', { isDefault: true });
    expect(screen.queryByTestId('design-default')).toBeNull();
    expect(screen.queryByTestId('design-copy')).toBeNull();
  });

  it('makes a grid the default through dtgrid/default', async () => {
    useSession.setState({ permission: { grid_default: true } });
    fetchMock.mockResolvedValueOnce(envelope(true));
    const reload = renderActions('grid', { isDefault: false });
    await userEvent.click(screen.getByTestId('design-default'));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(requested(0).url).toContain('/api/yuan-api/dtgrid/default');
  });

  it('opens the designer of the row', async () => {
    useSession.setState({ permission: {} });
    renderActions('grid', {});
    await userEvent.click(screen.getByTestId('design-open'));
    expect((await screen.findByTestId('where')).textContent).toBe('/grid/edit/11');
  });
});

describe('the calls of an entity’s designs', () => {
  it('lists by entity, and removes a grid by GET and a form by POST as the origin does', async () => {
    fetchMock.mockImplementation(async () =>
      envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
    );
    await designApi('page', '7').list({ current: 1, size: 10 });
    expect(requested(0).url).toContain('/api/yuan-api/dtpage/fnList?');
    expect(requested(0).url).toContain('entId=7');
    await designApi('grid', '7').remove('3,4');
    expect(requested(1)).toMatchObject({ method: 'GET' });
    expect(requested(1).url).toContain('/api/yuan-api/dtgrid/remove?id=3%2C4');
    await designApi('page', '7').remove('5');
    expect(requested(2)).toMatchObject({ method: 'POST' });
    expect(requested(2).url).toContain('/api/yuan-api/dtpage/remove?ids=5');
  });
});
