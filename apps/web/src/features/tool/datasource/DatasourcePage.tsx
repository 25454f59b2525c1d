import { DATASOURCE_DRIVERS, datasourceResource } from '@yuan/contract/develop/datasource';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { DatasourceTestAction } from './DatasourceTestAction.tsx';

const config: CrudConfig = {
  resource: datasourceResource,
  fields: {
    driverClass: {
      widget: 'select',
      options: DATASOURCE_DRIVERS.map((driver) => ({ value: driver, label: [driver, driver] })),
    },
    url: { fullRow: true },
    password: { widget: 'password' },
  },
  defaults: { driverClass: DATASOURCE_DRIVERS[0] },
  rowActionCount: 1,
  rowActions: (row) => <DatasourceTestAction row={row} />,
};

/** /tool/datasource/index: the platform's datasources, which tenants are bound to (the password is write-only); each
 * row's connection can be tested (button datasource_test).
 */
export function DatasourcePage() {
  return <CrudPage config={config} />;
}
