import { paramResource } from '@yuan/contract/system/param';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';

const config: CrudConfig = { resource: paramResource, fields: { paramValue: { width: 240 } } };

/** /system/param/index: parameters (SPEC §3, rules of SPEC §5 checked on blur). */
export function ParamPage() {
  return <CrudPage config={config} />;
}
