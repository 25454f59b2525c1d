import { smsResource } from '@yuan/contract/resource/storage';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { EnableAction, EnabledCode } from '../shared/EnableAction.tsx';
import { SMS_CATEGORY } from '../shared/options.ts';

const config: CrudConfig = {
  resource: smsResource,
  fields: {
    category: { options: SMS_CATEGORY, width: 140 },
    smsCode: { width: 200, render: (value, row) => <EnabledCode code={value} row={row} /> },
  },
  rowActions: (row, context) => (
    <EnableAction resource={smsResource} row={row} context={context} codeField="smsCode" />
  ),
};

/** /resource/sms/index: SMS configurations; exactly one may be enabled (the secret is write-only). */
export function SmsPage() {
  return <CrudPage config={config} />;
}
