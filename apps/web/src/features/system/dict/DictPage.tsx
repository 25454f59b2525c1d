import { dictResource } from '@yuan/contract/system/dict';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { dictFields } from './dictFields.ts';

const config: CrudConfig = { resource: dictResource, fields: dictFields };

/** /system/dict/index: the system dictionary as a tree. */
export function DictPage() {
  return <CrudPage config={config} />;
}
