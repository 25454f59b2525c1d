import { FIRST_PAGE } from '@yuan/contract/constants';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/hooks/useLanguage.ts';
import { findMenuByPath, menuLabel } from '../../shared/menu/rules.ts';
import { useSession } from '../../stores/session.ts';
import type { Tab } from '../../stores/tabRules.ts';

/** Label of a tab in the current language: its i18n key, its menu name, else the stored label. */
export function useTabLabel(): (tab: Tab) => string {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const menuAll = useSession((state) => state.menuAll);
  return (tab) => {
    if (tab.meta.i18n && i18n.exists(tab.meta.i18n)) {
      return t(tab.meta.i18n);
    }
    const node = findMenuByPath(menuAll, tab.value);
    if (node) {
      return menuLabel(node, language);
    }
    return tab.value === FIRST_PAGE.path ? t('tabs.home') : tab.label;
  };
}
