import { dataScopeResource } from '@yuan/contract/system/scopes';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { DATA_SCOPE_TYPE } from '../options.ts';

const config: CrudConfig = {
  resource: dataScopeResource,
  fields: {
    menuId: { source: 'menuTree' },
    scopeType: { options: DATA_SCOPE_TYPE },
    scopeClass: { hideInTable: true },
    remark: { hideInTable: true },
  },
};

/** /authority/datascope/index: data scopes per menu. */
export function DataScopePage() {
  return <CrudPage config={config} />;
}
