import { deptResource } from '@yuan/contract/system/dept';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { DEPT_CATEGORY } from '../options.ts';

const config: CrudConfig = {
  resource: deptResource,
  fields: { parentId: { hideInTable: true }, deptCategory: { options: DEPT_CATEGORY } },
};

/** /system/dept/index: the department tree (children load when a row is expanded). */
export function DeptPage() {
  return <CrudPage config={config} />;
}
