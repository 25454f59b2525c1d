import { domainRoutes, page } from '../screens.ts';

/** Datasources (with their connection test) and the code generator. */
export const toolRoutes = domainRoutes(() => import('./i18n/index.ts'), {
  '/tool/datasource/index': page(() => import('./datasource/DatasourcePage.tsx'), 'DatasourcePage'),
  '/tool/code/index': page(() => import('./code/CodePage.tsx'), 'CodePage'),
});
