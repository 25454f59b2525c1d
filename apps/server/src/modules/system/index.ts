/** The system module's public face: what other modules may use of it. */
export { systemModule } from './module.ts';
export { paramRow, paramValue } from './param/param.repo.ts';
export { tenantRefusal } from './tenant/tenant-state.ts';
export type { ApiScopeService } from './role/api-scope.service.ts';
export type { DataScopeService } from './role/data-scope.service.ts';
export type { DictService } from './dict/dict.service.ts';
export type { PermissionService } from './menu/permission.service.ts';
export type { TimeZoneService } from './time-zone/time-zone.service.ts';
