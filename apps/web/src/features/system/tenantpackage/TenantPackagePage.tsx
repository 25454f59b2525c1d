import { tenantPackageResource } from '@yuan/contract/system/tenant-package';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';

/**
 * SPEC §2 tenant-package screen: columns packageName, menuId (the menus by name), remark; search on packageName;
 * add, edit and delete, no view button; multi-select delete; dialog 600 wide; menus chosen in a checkable tree.
 */
const config: CrudConfig = {
  resource: tenantPackageResource,
  buttons: { view: false },
  dialogWidth: 600,
  dateRange: false,
  fields: { menuId: { widget: 'checkTree', source: 'grantMenuTree', width: 360 } },
};

export function TenantPackagePage() {
  return <CrudPage config={config} />;
}
