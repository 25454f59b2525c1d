import { act, fireEvent, screen } from '@testing-library/react';
import { useMemo } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../shared/i18n/index.ts';
import { useSession } from '../../stores/session.ts';
import { initialTabState } from '../../stores/tabRules.ts';
import { useTabs } from '../../stores/tabs.ts';
import { menuNode } from '../../test/menuNode.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { stubLayout } from '../../test/schemaForm.tsx';
import { queryObject } from '../guard.ts';
import { resolveScreen } from './resolveScreen.ts';
import { TabBar } from './TabBar.tsx';
import { useTabSync } from './useTabSync.ts';

initI18n();
const labels = { home: '首页', iframe: 'iframe' };
const menus = [menuNode('甲', '/a/index'), menuNode('乙', '/b/index')];
let navigate: NavigateFunction = () => undefined;

/** The shell's part that matters here, as MainLayout wires it: the address, its screen once the menu is in, the tab. */
function Shell() {
  const location = useLocation();
  navigate = useNavigate();
  const menuAll = useSession((state) => state.menuAll);
  const ready = useSession((state) => state.menuStatus) === 'ready';
  const query = useMemo(() => queryObject(location.search), [location.search]);
  const resolved = useMemo(
    () => (ready ? resolveScreen(location.pathname, query, menuAll, 'zh', labels) : null),
    [ready, location.pathname, query, menuAll],
  );
  useTabSync(location, query, resolved);
  return (
    <>
      <div data-testid="where">{location.pathname}</div>
      <TabBar />
    </>
  );
}

const tabValues = () => useTabs.getState().tabs.map((tab) => tab.value);
const active = () => useTabs.getState().active;
const go = (...paths: string[]) =>
  act(async () => {
    for (const path of paths) {
      navigate(path);
    }
  });

beforeEach(() => {
  stubLayout();
  useTabs.setState({ ...initialTabState(), generations: {} });
  useSession.setState({ menu: menus, menuAll: menus, menuStatus: 'ready' });
});

describe('the tab of each address the shell reaches', () => {
  it('is given back when a screen is opened again at once after its tab was closed', async () => {
    renderScreen(<Shell />);
    await go('/wel/index');
    await go('/a/index');
    expect(tabValues()).toEqual(['/wel/index', '/a/index']);
    // The tab's ×, which leaves for the neighbouring tab, and the menu item of the same screen, in one update.
    await act(async () => {
      const tab = document.querySelector('[data-node-key="/a/index"]') as HTMLElement;
      fireEvent.click(tab.querySelector('.ant-tabs-tab-remove') as HTMLElement);
      navigate('/a/index');
    });
    expect(screen.getByTestId('where').textContent).toBe('/a/index');
    expect(tabValues()).toEqual(['/wel/index', '/a/index']);
    expect(active()).toBe('/a/index');
    expect(document.querySelector('.ant-tabs-tab-active .app-tabs__label')?.textContent).toBe('甲');
  });

  it('is there for each of two screens opened one right after the other', async () => {
    renderScreen(<Shell />);
    await go('/wel/index');
    await go('/a/index');
    await go('/b/index');
    expect(tabValues()).toEqual(['/wel/index', '/a/index', '/b/index']);
    expect(active()).toBe('/b/index');
    // Both in one update: the shell shows the second, which gets its tab and becomes the active one.
    await go('/b/index', '/a/index');
    expect(screen.getByTestId('where').textContent).toBe('/a/index');
    expect(active()).toBe('/a/index');
  });

  it("is given back when a tab's 关闭其他 closed it and the screen is opened again in the same update", async () => {
    renderScreen(<Shell />);
    await go('/a/index');
    await go('/b/index');
    fireEvent.contextMenu(screen.getByText('甲', { selector: '.app-tabs__label' }));
    const closeOthers = await screen.findByRole('menuitem', { name: '关闭其他' });
    // 关闭其他 on 甲 leaves for 甲 and closes 乙; the menu item of 乙 follows at once.
    await act(async () => {
      fireEvent.click(closeOthers);
      navigate('/b/index');
    });
    expect(screen.getByTestId('where').textContent).toBe('/b/index');
    expect(tabValues()).toEqual(['/wel/index', '/a/index', '/b/index']);
    expect(active()).toBe('/b/index');
  });

  it('comes once the menu is in, for screens opened while it was loading', async () => {
    useSession.setState({ menuStatus: 'loading' });
    renderScreen(<Shell />);
    await go('/a/index');
    expect(tabValues()).toEqual(['/wel/index']);
    await go('/b/index');
    await act(async () => useSession.setState({ menuStatus: 'ready' }));
    expect(tabValues()).toEqual(['/wel/index', '/b/index']);
    expect(active()).toBe('/b/index');
    // The menu loads again (another top menu) while a screen is opened: it gets its tab when the menu is back.
    await act(async () => useSession.setState({ menuStatus: 'loading' }));
    await go('/a/index');
    await act(async () => useSession.setState({ menuStatus: 'ready' }));
    expect(tabValues()).toEqual(['/wel/index', '/b/index', '/a/index']);
    expect(active()).toBe('/a/index');
  });
});
