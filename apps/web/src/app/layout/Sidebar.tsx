import type { MenuNode } from '@yuan/contract';
import { Empty, Layout, Menu, type MenuProps } from 'antd';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../shared/hooks/useLanguage.ts';
import { flattenLeaves, menuLabel, menuTarget, visibleMenu } from '../../shared/menu/rules.ts';
import { themeSpec } from '../../shared/theme/themes.ts';
import { useSession } from '../../stores/session.ts';
import { useSettings } from '../../stores/settings.ts';
import { MenuIcon } from './menuIcons.tsx';

type Item = Required<MenuProps>['items'][number];

/**
 * The menu's items. Each carries its full name as `title` (the browser's tooltip) for a name too long for the
 * sidebar, e.g. in English; the label itself stays the bare text antd wraps. Collapsed, a first-level page shows
 * antd's own tooltip with its name instead, so it gets no second one.
 */
function toItems(nodes: MenuNode[], language: 'zh' | 'en', collapsed: boolean, level = 0): Item[] {
  return nodes.map((node) => {
    const label = menuLabel(node, language);
    if (node.children.length > 0) {
      return {
        key: `group:${node.id}`,
        icon: <MenuIcon name={node.source} />,
        label,
        title: label,
        children: toItems(node.children, language, collapsed, level + 1),
      };
    }
    const title = collapsed && level === 0 ? undefined : label;
    return { key: node.path, icon: <MenuIcon name={node.source} />, label, title };
  });
}

/** Keys of the groups above the leaf with this path, outermost first. */
export function ancestorKeys(nodes: MenuNode[], path: string, trail: string[] = []): string[] | null {
  for (const node of nodes) {
    if (node.children.length > 0) {
      const found = ancestorKeys(node.children, path, [...trail, `group:${node.id}`]);
      if (found) {
        return found;
      }
    } else if (node.path === path) {
      return trail;
    }
  }
  return null;
}

interface Props {
  selected: string;
  mobile: boolean;
}

/**
 * Sidebar menu: nested items, hidden entries left out, a tip when empty; collapses after a click on mobile. Memoised
 * on its two props, with a stable selection and click handler: antd draws every item of the menu (each with its own
 * tooltip) whenever the menu's props change, and the layout around it draws again for reasons of its own (tabs,
 * notices).
 */
export const Sidebar = memo(function Sidebar({ selected, mobile }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const menu = useSession((state) => state.menu);
  const collapse = useSettings((state) => state.collapse);
  const setCollapse = useSettings((state) => state.setCollapse);
  const themeName = useSettings((state) => state.themeName);
  const spec = themeSpec(themeName);
  const visible = useMemo(() => visibleMenu(menu), [menu]);
  const items = useMemo(() => toItems(visible, language, collapse), [visible, language, collapse]);
  const leaves = useMemo(() => flattenLeaves(visible), [visible]);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  // Opening a page from a tab or the search unfolds its groups, keeping the ones the user opened.
  useEffect(() => {
    const ancestors = ancestorKeys(visible, selected) ?? [];
    setOpenKeys((keys) => [...new Set([...keys, ...ancestors])]);
  }, [visible, selected]);

  const selectedKeys = useMemo(() => [selected], [selected]);
  const onClick = useCallback<NonNullable<MenuProps['onClick']>>(
    ({ key }) => {
      const node = leaves.find((leaf) => leaf.path === key);
      if (node) {
        navigate(menuTarget(node, language));
      }
      if (mobile) {
        setCollapse(true);
      }
    },
    [leaves, navigate, language, mobile, setCollapse],
  );

  return (
    <Layout.Sider
      collapsible
      trigger={null}
      collapsed={collapse}
      collapsedWidth={mobile ? 0 : 64}
      width={220}
      theme={spec.siderTheme}
      className={`app-sider${mobile ? ' is-mobile' : ''}`}
      aria-label={t('layout.home')}
    >
      <div className="app-logo">{collapse ? 'Y' : t('app.title')}</div>
      {items.length === 0 ? (
        <Empty
          className="app-sider__empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('layout.menuEmpty')}
        />
      ) : (
        <Menu
          mode="inline"
          theme={spec.siderTheme}
          items={items}
          selectedKeys={selectedKeys}
          openKeys={collapse ? undefined : openKeys}
          onOpenChange={setOpenKeys}
          onClick={onClick}
          // Item tooltips only help when the labels are hidden; otherwise each item would draw one for nothing.
          tooltip={collapse ? undefined : false}
          className="app-sider__menu"
        />
      )}
    </Layout.Sider>
  );
});
