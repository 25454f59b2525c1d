import { clientResource } from './system/client.ts';
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
] as const;
