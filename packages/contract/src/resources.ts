import { noticeResource } from './desk/notice.ts';
import { codeResource } from './develop/code.ts';
import { datasourceResource } from './develop/datasource.ts';
import { reportResource } from './develop/report.ts';
import { mindmapResource } from './lowcode/mindmap.ts';
import { gridResource, pageResource } from './lowcode/design.ts';
import { eleDefResource } from './lowcode/element.ts';
import { i18nResource } from './i18n/i18n.ts';
import { flowModelResource } from './flow/workflow.ts';
import { scriptServiceResource } from './flow/script-service.ts';
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

/**
 * Every resource whose rows the generic CRUD writes and so keeps revisions of: the plain ones, and those with screens
 * of their own (designers, language texts, flow models and services). An entity's rows (`ent_<id>`) come on top.
 */
export const revisedResources = [
  ...plainResources,
  pageResource,
  gridResource,
  eleDefResource,
  i18nResource,
  flowModelResource,
  scriptServiceResource,
] as const;
