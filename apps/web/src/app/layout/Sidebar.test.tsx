import { act } from '@testing-library/react';
import type { MenuNode } from '@yuan/contract';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../shared/i18n/index.ts';
import { useSession } from '../../stores/session.ts';
import { useSettings } from '../../stores/settings.ts';
import { menuNode } from '../../test/menuNode.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { stubLayout } from '../../test/schemaForm.tsx';
import { Sidebar } from './Sidebar.tsx';

initI18n();

const named = (node: MenuNode, zh: string, en: string): MenuNode => ({ ...node, name: zh, i18n: { zh, en } });
const menu = [
  named(
    menuNode('system', '/system', [
      named(menuNode('user', '/system/user/index'), '用户管理', 'User management'),
      named(
        menuNode('package', '/system/tenantpackage/index'),
        '租户产品包',
        'Tenant product package management',
      ),
    ]),
    '系统管理',
    'System administration and settings',
  ),
  named(menuNode('wel', '/wel/index'), '首页', 'Home'),
];

beforeEach(() => {
  stubLayout();
  useSession.setState({ menu, menuAll: menu, menuStatus: 'ready' });
});
afterEach(async () => {
  useSettings.setState({ collapse: false });
  await i18next.changeLanguage('zh');
});

/** Each item and group title of the sidebar: its tooltip (title) and what its label holds. */
function items() {
  const rows = document.querySelectorAll<HTMLElement>(
    '.app-sider .ant-menu-item, .app-sider .ant-menu-submenu-title',
  );
  return [...rows].map((row) => {
    const content = row.querySelector('.ant-menu-title-content');
    return {
      title: row.getAttribute('title'),
      // The name is the text right inside the label, as the browser tests find it (no element around it).
      label: [...(content?.childNodes ?? [])].map((child) =>
        child.nodeType === Node.TEXT_NODE ? child.textContent : 'element',
      ),
    };
  });
}

describe('the sidebar', () => {
  it.each([
    [
      'en',
      ['System administration and settings', 'User management', 'Tenant product package management', 'Home'],
    ],
    ['zh', ['系统管理', '用户管理', '租户产品包', '首页']],
  ])(
    'gives each item its full name as its tooltip, the label staying bare text (%s)',
    async (language, names) => {
      await i18next.changeLanguage(language);
      renderScreen(<Sidebar selected="/system/user/index" mobile={false} />);
      // The group of the selected page unfolds after the first draw.
      await act(async () => undefined);
      expect(items()).toEqual(names.map((name) => ({ title: name, label: [name] })));
    },
  );

  it("leaves a collapsed first-level page to antd's own tooltip, so that no item shows two", async () => {
    await i18next.changeLanguage('en');
    useSettings.setState({ collapse: true });
    renderScreen(<Sidebar selected="/wel/index" mobile={false} />);
    await act(async () => undefined);
    const firstLevel = items();
    expect(firstLevel.map((item) => item.label)).toEqual([['System administration and settings'], ['Home']]);
    // antd has no tooltip for a group: its name stays the browser's.
    expect(firstLevel.map((item) => item.title)).toEqual(['System administration and settings', null]);
  });
});
