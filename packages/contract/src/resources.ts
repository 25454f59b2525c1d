import { clientResource } from './system/client.ts';
import { deptResource } from './system/dept.ts';
import { dictBizResource, dictResource } from './system/dict.ts';
import { paramResource } from './system/param.ts';
import { postResource } from './system/post.ts';
import { apiScopeResource, dataScopeResource } from './system/scopes.ts';
import { tenantPackageResource } from './system/tenant-package.ts';

/** Every plain resource served by the generic CRUD (server) and shown by CrudPage (web). */
export const plainResources = [
  paramResource,
  postResource,
  tenantPackageResource,
  dataScopeResource,
  apiScopeResource,
  clientResource,
  deptResource,
  dictResource,
  dictBizResource,
] as const;
