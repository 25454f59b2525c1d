import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, Button, Layout, Result } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../shared/components/PageSpinner.tsx';
import { useLanguage } from '../../shared/hooks/useLanguage.ts';
import { useScreenClass } from '../../shared/hooks/useScreenClass.ts';
import { useSession } from '../../stores/session.ts';
import { useSettings } from '../../stores/settings.ts';
import { tabHref } from '../../stores/tabRules.ts';
import { useTabs } from '../../stores/tabs.ts';
import { queryObject, showsMenu } from '../guard.ts';
import { KeepAlivePanes, type Pane } from './KeepAlivePanes.tsx';
import { resolveScreen } from './resolveScreen.ts';
import { Sidebar } from './Sidebar.tsx';
import { TabBar } from './TabBar.tsx';
import { limitTabs } from './tabLimit.ts';
import { TopBar } from './TopBar.tsx';
import { useMenuBootstrap } from './useMenuBootstrap.ts';
import { useTabSync } from './useTabSync.ts';
import './layout.css';

function splitHref(href: string): { pathname: string; search: string } {
  const index = href.indexOf('?');
  return index === -1
    ? { pathname: href, search: '' }
    : { pathname: href.slice(0, index), search: href.slice(index) };
}

/** The application shell around every menu route. */
export function MainLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const language = useLanguage();
  const screen = useScreenClass();
  const mobile = screen === 0;
  const token = useSession((state) => state.token);
  const menuStatus = useSession((state) => state.menuStatus);
  const menuAll = useSession((state) => state.menuAll);
  const tabs = useTabs((state) => state.tabs);
  const generations = useTabs((state) => state.generations);
  // Query caching is only needed inside the shell; keeping it here keeps it out of the login chunk.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  const retry = useMenuBootstrap();
  const collapse = useSettings((state) => state.collapse);
  const setCollapse = useSettings((state) => state.setCollapse);
  // On a phone the sidebar overlays the page, so it starts closed. The class is exposed for stylesheets.
  useEffect(() => {
    document.body.dataset.screen = String(screen);
    if (mobile) {
      setCollapse(true);
    }
  }, [screen, mobile, setCollapse]);
  const query = useMemo(() => queryObject(location.search), [location.search]);
  const labels = useMemo(() => ({ home: t('tabs.home'), iframe: t('iframe.title') }), [t]);
  const ready = menuStatus === 'ready';
  const resolved = useMemo(
    () => (ready ? resolveScreen(location.pathname, query, menuAll, language, labels) : null),
    [ready, location.pathname, query, menuAll, language, labels],
  );
  // At most MAX_TABS tabs stay open (and kept alive): a new one closes the least recently used.
  useEffect(() => limitTabs(), []);
  useTabSync(location, query, resolved);

  const tabPanes = useMemo(
    () =>
      tabs.flatMap((tab): Pane[] => {
        const target = splitHref(tabHref(tab));
        const found = resolveScreen(target.pathname, queryObject(target.search), menuAll, language, labels);
        return found ? [{ key: tab.value, location: target, resolved: found }] : [];
      }),
    [tabs, menuAll, language, labels],
  );

  // Public paths without a screen of their own (e.g. /register before it exists) end up here without a session.
  if (!token) {
    return <Navigate to="/login" replace />;
  }
  if (menuStatus === 'error') {
    return (
      <Result
        status="error"
        title={t('layout.menuLoadFailed')}
        extra={
          <Button type="primary" onClick={retry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!ready) {
    return <PageSpinner />;
  }
  if (!resolved) {
    return <Navigate to="/404" replace />;
  }
  const current: Pane = {
    key: query.src || location.pathname,
    location: { pathname: location.pathname, search: location.search },
    resolved,
  };
  const menuShown = showsMenu(query);

  return (
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <Layout className="app-layout">
          {menuShown && <Sidebar selected={location.pathname} mobile={mobile} />}
          {menuShown && mobile && !collapse && (
            <div className="app-sider-backdrop" aria-hidden="true" onClick={() => setCollapse(true)} />
          )}
          <Layout className="app-main">
            <TopBar mobile={mobile} showMenu={menuShown} />
            <TabBar />
            <Layout.Content className="app-content">
              <KeepAlivePanes current={current} tabPanes={tabPanes} generations={generations} />
            </Layout.Content>
          </Layout>
        </Layout>
      </AntApp>
    </QueryClientProvider>
  );
}
