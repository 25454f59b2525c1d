import { defineResource } from '../resource.ts';

/** Data scopes: row filters a role may be granted on a menu's resource (all, own, own dept, dept and children, custom). */
export const dataScopeResource = defineResource({
  name: 'dataScope',
  basePath: '/api/yuan-system/data-scope',
  table: 'yuan_scope_data',
  perm: 'datascope',
  tenantScoped: false,
  platformOnly: true,
  title: ['数据权限', 'Data scope'],
  fields: {
    menuId: { column: 'menu_id', kind: 'id', label: ['菜单', 'Menu'], required: true, search: 'eq' },
    resourceCode: {
      column: 'resource_code',
      kind: 'string',
      label: ['资源编号', 'Resource code'],
      required: true,
      max: 64,
      search: 'like',
    },
    scopeName: {
      column: 'scope_name',
      kind: 'string',
      label: ['权限名称', 'Scope name'],
      required: true,
      max: 64,
      search: 'like',
    },
    scopeField: { column: 'scope_field', kind: 'string', label: ['权限字段', 'Scope field'], max: 64 },
    scopeClass: { column: 'scope_class', kind: 'string', label: ['权限类名', 'Scope class'], max: 128 },
    scopeColumn: { column: 'scope_column', kind: 'string', label: ['权限字段', 'Scope column'], max: 64 },
    scopeType: {
      column: 'scope_type',
      kind: 'int',
      label: ['规则类型', 'Scope type'],
      required: true,
      min: 1,
      max: 5,
    },
    scopeValue: { column: 'scope_value', kind: 'string', label: ['规则值', 'Scope value'], max: 2000 },
    remark: { column: 'remark', kind: 'string', label: ['备注', 'Remark'], textarea: true },
  },
});

/** API scopes: request paths a role may be granted on a menu. */
export const apiScopeResource = defineResource({
  name: 'apiScope',
  basePath: '/api/yuan-system/api-scope',
  table: 'yuan_scope_api',
  perm: 'apiscope',
  tenantScoped: false,
  platformOnly: true,
  title: ['接口权限', 'API scope'],
  fields: {
    menuId: { column: 'menu_id', kind: 'id', label: ['菜单', 'Menu'], required: true, search: 'eq' },
    resourceCode: {
      column: 'resource_code',
      kind: 'string',
      label: ['资源编号', 'Resource code'],
      required: true,
      max: 64,
      search: 'like',
    },
    scopeName: {
      column: 'scope_name',
      kind: 'string',
      label: ['接口名称', 'API name'],
      required: true,
      max: 64,
      search: 'like',
    },
    scopePath: {
      column: 'scope_path',
      kind: 'string',
      label: ['接口路径', 'API path'],
      required: true,
      max: 255,
    },
    scopeType: {
      column: 'scope_type',
      kind: 'int',
      label: ['接口类型', 'API type'],
      required: true,
      min: 1,
      max: 9,
    },
    remark: { column: 'remark', kind: 'string', label: ['备注', 'Remark'], textarea: true },
  },
});
