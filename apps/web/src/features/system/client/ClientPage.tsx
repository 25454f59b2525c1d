import { clientResource } from '@yuan/contract/system/client';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';

const config: CrudConfig = {
  resource: clientResource,
  fields: { clientSecret: { requiredOnAdd: true } },
};

/** /system/client/index: OAuth clients (the secret is write-only). */
export function ClientPage() {
  return <CrudPage config={config} />;
}
