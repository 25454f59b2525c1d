import { dictBizResource } from '@yuan/contract/system/dict';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { dictFields } from '../dict/dictFields.ts';

const config: CrudConfig = { resource: dictBizResource, fields: dictFields };

/** /system/dictbiz/index: the business dictionary as a tree. */
export function DictBizPage() {
  return <CrudPage config={config} />;
}
