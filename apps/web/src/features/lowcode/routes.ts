import { domainRoutes, page } from '../screens.ts';

/** Entities and their data, designed pages and grids, ER diagram, mind maps, SQL editor, reports, triggers and app packages. */
export const lowcodeRoutes = domainRoutes(() => import('./i18n/index.ts'), {
  '/sqledit': page(() => import('./sqlEdit/SqlEditPage.tsx'), 'SqlEditPage'),
  '/report/reportlist/index': page(() => import('./report/ReportListPage.tsx'), 'ReportListPage'),
  '/report/view/:id': page(() => import('./report/ReportViewPage.tsx'), 'ReportViewPage'),
  '/entity/index': page(() => import('./entity/EntityPage.tsx'), 'EntityPage'),
  '/entity/detail/:id': page(() => import('./entityData/EntityDataPage.tsx'), 'EntityDataPage'),
  '/entity/tree/:id': page(() => import('./entityTree/EntityTreePage.tsx'), 'EntityTreePage'),
  '/page/:entId': page(() => import('./designList/DesignListPage.tsx'), 'PageListPage'),
  '/grid/:entId': page(() => import('./designList/DesignListPage.tsx'), 'GridListPage'),
  '/page/edit/:id': page(() => import('./pageDesign/PageDesignPage.tsx'), 'PageDesignPage'),
  '/grid/edit/:id': page(() => import('./gridDesign/GridDesignPage.tsx'), 'GridDesignPage'),
  '/grid/detail/:id': page(() => import('./gridData/GridDataPage.tsx'), 'GridDataPage'),
  '/element/index': page(() => import('./element/ElementPage.tsx'), 'ElementPage'),
  '/erd': page(() => import('./erd/ErdPage.tsx'), 'ErdPage'),
  '/mindmap/list/index': page(() => import('./mindmap/MindmapListPage.tsx'), 'MindmapListPage'),
  '/mindmap/test/index': page(() => import('./mindmap/MindmapTestPage.tsx'), 'MindmapTestPage'),
  '/mindmap/detail/:id': page(() => import('./mindmap/MindmapDetailPage.tsx'), 'MindmapDetailPage'),
  '/mindmap/exec/:id': page(() => import('./mindmap/MindmapExecPage.tsx'), 'MindmapExecPage'),
  '/lowcode/trigger/index': page(() => import('./trigger/TriggerPage.tsx'), 'TriggerPage'),
  '/lowcode/package/index': page(() => import('./package/AppPackagePage.tsx'), 'AppPackagePage'),
});
