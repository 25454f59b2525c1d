import { domainRoutes, page } from '../screens.ts';

/** Users, roles and scopes, departments, posts, dictionaries, menus, tenants, clients, regions, settings, texts. */
export const systemRoutes = domainRoutes(() => import('./i18n/index.ts'), {
  '/system/param/index': page(() => import('./param/ParamPage.tsx'), 'ParamPage'),
  '/system/post/index': page(() => import('./post/PostPage.tsx'), 'PostPage'),
  '/system/dept/index': page(() => import('./dept/DeptPage.tsx'), 'DeptPage'),
  '/system/dict/index': page(() => import('./dict/DictPage.tsx'), 'DictPage'),
  '/system/dictbiz/index': page(() => import('./dictbiz/DictBizPage.tsx'), 'DictBizPage'),
  '/system/menu/index': page(() => import('./menu/MenuPage.tsx'), 'MenuPage'),
  '/system/topmenu/index': page(() => import('./topmenu/TopMenuPage.tsx'), 'TopMenuPage'),
  '/system/tenant/index': page(() => import('./tenant/TenantPage.tsx'), 'TenantPage'),
  '/system/tenantpackage/index': page(
    () => import('./tenantpackage/TenantPackagePage.tsx'),
    'TenantPackagePage',
  ),
  '/system/client/index': page(() => import('./client/ClientPage.tsx'), 'ClientPage'),
  '/system/region/index': page(() => import('./region/RegionPage.tsx'), 'RegionPage'),
  '/system/timeZone/index': page(() => import('./timeZone/TimeZonePage.tsx'), 'TimeZonePage'),
  '/system/user/index': page(() => import('./user/UserPage.tsx'), 'UserPage'),
  '/authority/role/index': page(() => import('./role/RolePage.tsx'), 'RolePage'),
  '/authority/datascope/index': page(() => import('./datascope/DataScopePage.tsx'), 'DataScopePage'),
  '/authority/apiscope/index': page(() => import('./apiscope/ApiScopePage.tsx'), 'ApiScopePage'),
  '/dict-horizontal/index': page(() => import('./dictManager/DictHorizontalPage.tsx'), 'DictHorizontalPage'),
  '/dict-vertical/index': page(() => import('./dictManager/DictVerticalPage.tsx'), 'DictVerticalPage'),
  '/yuan/generic/i18n/index': page(() => import('./languageText/I18nPage.tsx'), 'I18nPage'),
});
