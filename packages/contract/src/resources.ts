import { noticeResource } from './desk/notice.ts';
import { codeResource } from './develop/code.ts';
import { datasourceResource } from './develop/datasource.ts';
import { reportResource } from './develop/report.ts';
import { mindmapResource } from './lowcode/mindmap.ts';
import { helpVideoResource } from './help.ts';
import { apiLogResource, errorLogResource, usualLogResource } from './log/logs.ts';
import { attachResource, ossResource, smsResource } from './resource/storage.ts';
import { clientResource } from './system/client.ts';
import { deptResource } from './system/dept.ts';
import { dictBizResource, dictResource } from './system/dict.ts';
import { menuResource, topMenuResource } from './system/menu.ts';
import { paramResource } from './system/param.ts';
import { postResource } from './system/post.ts';
import { regionResource } from './system/region.ts';
import { roleResource } from './system/role.ts';
import { apiScopeResource, dataScopeResource } from './system/scopes.ts';
import { tenantResource } from './system/tenant.ts';
import { tenantPackageResource } from './system/tenant-package.ts';
import { userResource } from './user/user.ts';

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
  roleResource,
  menuResource,
  topMenuResource,
  tenantResource,
  userResource,
  regionResource,
  apiLogResource,
  usualLogResource,
  errorLogResource,
  noticeResource,
  ossResource,
  smsResource,
  attachResource,
  datasourceResource,
  codeResource,
  reportResource,
  mindmapResource,
  helpVideoResource,
] as const;
