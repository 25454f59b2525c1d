import { apiScopeResource } from '@yuan/contract/system/scopes';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { API_SCOPE_TYPE } from '../options.ts';

const config: CrudConfig = {
  resource: apiScopeResource,
  fields: { menuId: { source: 'menuTree' }, scopeType: { options: API_SCOPE_TYPE } },
};

/** /authority/apiscope/index: API scopes per menu. */
export function ApiScopePage() {
  return <CrudPage config={config} />;
}
