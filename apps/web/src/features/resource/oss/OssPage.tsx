import { ossResource } from '@yuan/contract/resource/storage';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { EnableAction, EnabledCode } from '../shared/EnableAction.tsx';
import { OSS_CATEGORY } from '../shared/options.ts';

const config: CrudConfig = {
  resource: ossResource,
  fields: {
    category: { options: OSS_CATEGORY, width: 140 },
    ossCode: { width: 200, render: (value, row) => <EnabledCode code={value} row={row} /> },
  },
  rowActions: (row, context) => (
    <EnableAction resource={ossResource} row={row} context={context} codeField="ossCode" />
  ),
};

/** /resource/oss/index: object storage configurations; exactly one may be enabled (the secret is write-only). */
export function OssPage() {
  return <CrudPage config={config} />;
}
