import { eleDefResource } from '@yuan/contract/lowcode/element';
import { DATA_TYPES } from '@yuan/contract/lowcode/entity';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { elementApi } from '../api.ts';

const config: CrudConfig = {
  resource: eleDefResource,
  api: elementApi,
  fields: {
    dataTyp: { widget: 'select', options: DATA_TYPES.map((type) => ({ value: type, label: [type, type] })) },
    verifyJson: { fullRow: true },
    remark: { fullRow: true },
  },
  defaults: { dataTyp: 'string' },
};

/** /element: reusable field templates (SPEC §3 element definition); their validation is JSON. */
export function ElementPage() {
  return <CrudPage config={config} />;
}
