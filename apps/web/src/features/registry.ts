import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type Screen = LazyExoticComponent<ComponentType>;

/** A lazy screen from a module's named export. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/** A low-code screen: its texts load with it (see shared/i18n/lowcodeTexts.ts). */
function lowcode<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen {
  return screen(() => import('../shared/i18n/lowcodeTexts.ts').then(load), name);
}

/** A flow screen: its texts load with it (see shared/i18n/flowTexts.ts). */
function flow<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen {
  return screen(() => import('../shared/i18n/flowTexts.ts').then(load), name);
}

/** A wallet-tools screen: its texts load with it (see shared/i18n/walletToolsTexts.ts). */
function walletTools<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen {
  return screen(() => import('../shared/i18n/walletToolsTexts.ts').then(load), name);
}

/**
 * Route path (as the menu gives it, after the /index rule) → lazy screen. Later features add one entry each;
 * a menu route without an entry renders the shared "not available yet" screen.
 */
export const screens: Record<string, Screen> = {
  // The welcome page's texts come with it (shared/i18n/websiteTexts.ts).
  '/wel/index': screen(
    () => import('../shared/i18n/websiteTexts.ts').then(() => import('./wel/index/WelcomePage.tsx')),
    'WelcomePage',
  ),
  // The dashboard's texts and echarts come with its chunk (see shared/i18n/dashboardTexts.ts).
  '/wel/dashboard/index': screen(
    () =>
      Promise.all([
        import('../shared/i18n/dashboardTexts.ts'),
        import('./wel/dashboard/DashboardPage.tsx'),
      ]).then(([, page]) => page),
    'DashboardPage',
  ),
  // The calendar's texts come with its chunk (see shared/i18n/scheduledTexts.ts), as FullCalendar does.
  '/scheduled/index': screen(
    () =>
      Promise.all([import('../shared/i18n/scheduledTexts.ts'), import('./scheduled/ScheduledPage.tsx')]).then(
        ([, page]) => page,
      ),
    'ScheduledPage',
  ),
  '/system/param/index': screen(() => import('./system/param/ParamPage.tsx'), 'ParamPage'),
  '/system/post/index': screen(() => import('./system/post/PostPage.tsx'), 'PostPage'),
  '/system/dept/index': screen(() => import('./system/dept/DeptPage.tsx'), 'DeptPage'),
  '/system/dict/index': screen(() => import('./system/dict/DictPage.tsx'), 'DictPage'),
  '/system/dictbiz/index': screen(() => import('./system/dictbiz/DictBizPage.tsx'), 'DictBizPage'),
  '/system/menu/index': screen(() => import('./system/menu/MenuPage.tsx'), 'MenuPage'),
  '/system/topmenu/index': screen(() => import('./system/topmenu/TopMenuPage.tsx'), 'TopMenuPage'),
  '/system/tenant/index': screen(() => import('./system/tenant/TenantPage.tsx'), 'TenantPage'),
  '/system/tenantpackage/index': screen(
    () => import('./system/tenantpackage/TenantPackagePage.tsx'),
    'TenantPackagePage',
  ),
  '/system/client/index': screen(() => import('./system/client/ClientPage.tsx'), 'ClientPage'),
  '/system/region/index': screen(() => import('./system/region/RegionPage.tsx'), 'RegionPage'),
  '/system/timeZone/index': screen(() => import('./system/timeZone/TimeZonePage.tsx'), 'TimeZonePage'),
  '/tool/datasource/index': screen(() => import('./tool/datasource/DatasourcePage.tsx'), 'DatasourcePage'),
  // SQL editor, reports and code generator: each page module loads its own texts (shared/i18n/builderTexts.ts).
  '/tool/code/index': screen(() => import('./tool/code/CodePage.tsx'), 'CodePage'),
  '/sqledit': screen(() => import('./lowcode/sqlEdit/SqlEditPage.tsx'), 'SqlEditPage'),
  '/report/reportlist/index': screen(
    () => import('./report/reportList/ReportListPage.tsx'),
    'ReportListPage',
  ),
  '/report/view/:id': screen(() => import('./report/reportList/ReportViewPage.tsx'), 'ReportViewPage'),
  '/system/user/index': screen(() => import('./system/user/UserPage.tsx'), 'UserPage'),
  '/authority/role/index': screen(() => import('./authority/role/RolePage.tsx'), 'RolePage'),
  '/authority/datascope/index': screen(
    () => import('./authority/datascope/DataScopePage.tsx'),
    'DataScopePage',
  ),
  '/authority/apiscope/index': screen(() => import('./authority/apiscope/ApiScopePage.tsx'), 'ApiScopePage'),
  '/dict-horizontal/index': screen(
    () => import('./system/dictManager/DictHorizontalPage.tsx'),
    'DictHorizontalPage',
  ),
  '/dict-vertical/index': screen(
    () => import('./system/dictManager/DictVerticalPage.tsx'),
    'DictVerticalPage',
  ),
  '/resource/oss/index': screen(() => import('./resource/oss/OssPage.tsx'), 'OssPage'),
  '/resource/sms/index': screen(() => import('./resource/sms/SmsPage.tsx'), 'SmsPage'),
  '/resource/attach/index': screen(() => import('./resource/attach/AttachPage.tsx'), 'AttachPage'),
  '/monitor/log/usual/index': screen(() => import('./monitor/log/usual/UsualLogPage.tsx'), 'UsualLogPage'),
  '/monitor/log/api/index': screen(() => import('./monitor/log/api/ApiLogPage.tsx'), 'ApiLogPage'),
  '/monitor/log/error/index': screen(() => import('./monitor/log/error/ErrorLogPage.tsx'), 'ErrorLogPage'),
  '/desk/notice/index': screen(() => import('./desk/notice/NoticePage.tsx'), 'NoticePage'),
  '/yuan/generic/user/notice/index': screen(
    () => import('./generic/userNotice/UserNoticePage.tsx'),
    'UserNoticePage',
  ),
  '/yuan/generic/user/log/index': screen(() => import('./generic/userLog/UserLogPage.tsx'), 'UserLogPage'),
  '/yuan/generic/pay4Exchange/index': walletTools(
    () => import('./generic/exchange/ExchangePage.tsx'),
    'ExchangePage',
  ),
  // The payee grid's import dialog speaks the low-code area's texts: they come along.
  '/yuan/generic/payeeList/index': walletTools(
    () =>
      Promise.all([
        import('../shared/i18n/lowcodeTexts.ts'),
        import('./generic/payeeList/PayeeListPage.tsx'),
      ]).then(([, page]) => page),
    'PayeeListPage',
  ),
  '/yuan/generic/blockstatistics/index': walletTools(
    () => import('./generic/blockstatistics/BlockStatisticsPage.tsx'),
    'BlockStatisticsPage',
  ),
  '/yuan/generic/territory/index': walletTools(
    () => import('./generic/territory/TerritoryPage.tsx'),
    'TerritoryPage',
  ),
  '/yuan/generic/useSdk/index': walletTools(() => import('./generic/useSdk/UseSdkPage.tsx'), 'UseSdkPage'),
  '/yuan/generic/i18n/index': walletTools(() => import('./generic/i18n/I18nPage.tsx'), 'I18nPage'),
  '/yuan/generic/wallet0/index': screen(() => import('./generic/wallet0/Wallet0Page.tsx'), 'Wallet0Page'),
  '/yuan/generic/balance/index': screen(() => import('./generic/balance/BalancePage.tsx'), 'BalancePage'),
  '/yuan/generic/transfers/index': screen(
    () => import('./generic/transfers/TransfersPage.tsx'),
    'TransfersPage',
  ),
  '/yuan/generic/payToOther0/index': screen(
    () => import('./generic/payToOther0/PayToOtherPage.tsx'),
    'PayToOtherPage',
  ),
  '/entity/index': lowcode(() => import('./lowcode/entity/EntityPage.tsx'), 'EntityPage'),
  '/entity/detail/:id': lowcode(() => import('./lowcode/entityData/EntityDataPage.tsx'), 'EntityDataPage'),
  '/entity/tree/:id': lowcode(() => import('./lowcode/entityTree/EntityTreePage.tsx'), 'EntityTreePage'),
  '/page/:entId': lowcode(() => import('./lowcode/designList/DesignListPage.tsx'), 'PageListPage'),
  '/grid/:entId': lowcode(() => import('./lowcode/designList/DesignListPage.tsx'), 'GridListPage'),
  '/page/edit/:id': lowcode(() => import('./lowcode/pageDesign/PageDesignPage.tsx'), 'PageDesignPage'),
  '/grid/edit/:id': lowcode(() => import('./lowcode/gridDesign/GridDesignPage.tsx'), 'GridDesignPage'),
  '/grid/detail/:id': lowcode(() => import('./lowcode/gridData/GridDataPage.tsx'), 'GridDataPage'),
  '/element/index': lowcode(() => import('./lowcode/element/ElementPage.tsx'), 'ElementPage'),
  // The diagram's own texts come with it; the low-code ones too (its field dialog and the sync preview use them).
  '/erd': lowcode(
    () =>
      Promise.all([import('../shared/i18n/erdTexts.ts'), import('./lowcode/erd/ErdPage.tsx')]).then(
        ([, page]) => page,
      ),
    'ErdPage',
  ),
  // The mind map screens bring their own texts; they also show entity rows and forms, hence lowcode().
  '/mindmap/list/index': lowcode(
    () =>
      Promise.all([
        import('../shared/i18n/mindmapTexts.ts'),
        import('./lowcode/mindmap/MindmapListPage.tsx'),
      ]).then(([, page]) => page),
    'MindmapListPage',
  ),
  '/mindmap/test/index': lowcode(
    () =>
      Promise.all([
        import('../shared/i18n/mindmapTexts.ts'),
        import('./lowcode/mindmap/MindmapTestPage.tsx'),
      ]).then(([, page]) => page),
    'MindmapTestPage',
  ),
  '/mindmap/detail/:id': lowcode(
    () =>
      Promise.all([
        import('../shared/i18n/mindmapTexts.ts'),
        import('./lowcode/mindmap/MindmapDetailPage.tsx'),
      ]).then(([, page]) => page),
    'MindmapDetailPage',
  ),
  '/mindmap/exec/:id': lowcode(
    () =>
      Promise.all([
        import('../shared/i18n/mindmapTexts.ts'),
        import('./lowcode/mindmap/MindmapExecPage.tsx'),
      ]).then(([, page]) => page),
    'MindmapExecPage',
  ),
  '/flow/service/index': flow(() => import('./flow/service/FlowServicePage.tsx'), 'FlowServicePage'),
  '/flow/model/index': flow(() => import('./flow/model/ModelPage.tsx'), 'ModelPage'),
  '/flow/manager/index': flow(() => import('./flow/manager/ManagerPage.tsx'), 'ManagerPage'),
  '/flow/follow/index': flow(() => import('./flow/follow/FollowPage.tsx'), 'FollowPage'),
  '/flow/work/index': flow(() => import('./flow/work/WorkPage.tsx'), 'WorkPage'),
  // Reached from the help dialog's "manage videos" link (a hidden menu); its texts load with it.
  '/help/video/index': screen(() => import('./help/video/HelpVideoPage.tsx'), 'HelpVideoPage'),
  '/test/index': screen(
    () => import('../shared/i18n/miscTexts.ts').then(() => import('./other/shellTest/TestPage.tsx')),
    'TestPage',
  ),
  '/info/index': screen(() => import('./info/InfoPage.tsx'), 'InfoPage'),
  // The menu's /info/pwd becomes /info/pwd/index (leaf rule); screenFor drops the suffix to find it here.
  '/info/pwd': screen(() => import('./info/PasswordPage.tsx'), 'PasswordPage'),
};

export const NotAvailableScreen: Screen = lazy(() =>
  import('./placeholder/notAvailable/NotAvailablePage.tsx').then((m) => ({ default: m.NotAvailablePage })),
);

export const IframeScreen: Screen = lazy(() =>
  import('./iframe/view/IframePage.tsx').then((m) => ({ default: m.IframePage })),
);

export const IFRAME_PATTERN = '/myiframe/*';

/** Paths that are screens even without a menu entry (the first page always exists). */
export const BUILTIN_PATHS = ['/wel/index'] as const;

export function screenFor(path: string): Screen {
  return screens[path] ?? screens[path.replace(/\/index$/, '')] ?? NotAvailableScreen;
}
