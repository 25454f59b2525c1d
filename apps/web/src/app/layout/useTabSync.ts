import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTabs } from '../../stores/tabs.ts';
import { decideTab, pageTitle } from '../guard.ts';
import type { ResolvedScreen } from './resolveScreen.ts';

/** The address the shell shows; `key` is new on every navigation, even to the address already shown. */
export interface ShownLocation {
  pathname: string;
  search: string;
  key: string;
}

/**
 * After each navigation: make or activate the tab (SPEC §2 tab rules) and set the page title. Keyed on the
 * navigation, not on the address: two navigations drawn at once can end where the shell already was, after the first
 * had closed that address's tab (its ×, then its menu again), and the address must get its tab back.
 */
export function useTabSync(
  location: ShownLocation,
  query: Record<string, string>,
  resolved: ResolvedScreen | null,
): void {
  const { t, i18n } = useTranslation();
  const { pathname } = location;
  const label = resolved?.label ?? '';
  const params = resolved?.params;
  const keepAlive = resolved?.menu?.meta?.keepAlive;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the navigation's key stands for its address and query.
  useEffect(() => {
    if (!resolved) {
      return;
    }
    const decision = decideTab({
      path: pathname,
      query,
      params: params ?? {},
      routeName: label,
      meta: { keepAlive },
    });
    if (decision.kind === 'tab') {
      useTabs.getState().open(decision.tab);
      const i18nKey = decision.tab.meta.i18n;
      const title = i18nKey && i18n.exists(i18nKey) ? t(i18nKey) : decision.tab.label;
      document.title = pageTitle(pathname, title, t('app.title'), t('login.pageTitle'));
    } else {
      document.title = pageTitle(pathname, label, t('app.title'), t('login.pageTitle'));
      if (decision.kind === 'open-window') {
        window.open(decision.url, '_blank', 'noopener');
      }
    }
  }, [location.key, pathname, location.search, label, Boolean(resolved)]);
}
