import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../stores/session.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { TopMenuPage } from './TopMenuPage.tsx';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

const MENU = { id: '11', parentId: '0', title: 'System', value: '11', key: '11' };

/** The top-menu calls by path; the grant's posts are kept. */
function serve() {
  const posted: { path: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    const path = new URL(String(url), 'http://x').pathname;
    if (path === '/api/yuan-system/topmenu/list') {
      return envelope({ records: [{ id: '5', code: 'home', name: 'Home' }], total: 1, size: 10, current: 1 });
    }
    if (path === '/api/yuan-system/menu/grant-top-tree') {
      return envelope({ menu: [MENU] });
    }
    if (path === '/api/yuan-system/menu/top-tree-keys') {
      return envelope({ menu: ['11'] });
    }
    posted.push({ path, body: JSON.parse(String(init?.body ?? '{}')) });
    return envelope(true);
  });
  return posted;
}

describe('top menus', { timeout: 60_000 }, () => {
  it('shows a top menu its granted menus and grants them again under its id', async () => {
    useSession.setState({ permission: { topmenu_grant: true } });
    const posted = serve();
    renderScreen(<TopMenuPage />);
    const row = (await screen.findByText('Home')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByTestId('topmenu-grant'));
    const dialog = within(await screen.findByTestId('grant-dialog'));
    expect(dialog.getByText('菜单权限 Home')).toBeTruthy();
    await dialog.findByText('System');
    fireEvent.click(dialog.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      path: '/api/yuan-system/topmenu/grant',
      body: { topMenuIds: '5', menuIds: '11' },
    });
  });

  it('offers no grant without its button code', async () => {
    useSession.setState({ permission: {} });
    serve();
    renderScreen(<TopMenuPage />);
    const row = (await screen.findByText('Home')).closest('tr') as HTMLElement;
    expect(within(row).queryByTestId('topmenu-grant')).toBeNull();
  });
});
