import { postResource } from '@yuan/contract/system/post';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { POST_CATEGORY } from '../options.ts';

const config: CrudConfig = { resource: postResource, fields: { category: { options: POST_CATEGORY } } };

/** /system/post/index: posts. */
export function PostPage() {
  return <CrudPage config={config} />;
}
