import { z } from 'zod';
import { idList } from '../envelope.ts';
import { defineResource } from '../resource.ts';

/**
 * Code generator records (SPEC §7 /api/yuan-develop/code): a table of a datasource or a tenant's entity, the module
 * it becomes and where it goes. Platform records, like the datasources they read.
 */
export const codeResource = defineResource({
  name: 'code',
  basePath: '/api/yuan-develop/code',
  table: 'yuan_code',
  perm: 'code',
  tenantScoped: false,
  platformOnly: true,
  title: ['代码生成', 'Code generator'],
  fields: {
    codeName: {
      column: 'code_name',
      kind: 'string',
      label: ['模块名', 'Module name'],
      required: ['请输入模块名', 'Please enter the module name'],
      max: 64,
      search: 'like',
    },
    datasourceId: { column: 'datasource_id', kind: 'id', label: ['数据源', 'Datasource'] },
    tableName: {
      column: 'table_name',
      kind: 'string',
      label: ['表名', 'Table'],
      required: ['请输入表名', 'Please enter the table'],
      max: 63,
      pattern: '^[a-z_][a-z0-9_]{0,62}$',
      search: 'like',
    },
    tablePrefix: {
      column: 'table_prefix',
      kind: 'string',
      label: ['表前缀', 'Table prefix'],
      max: 32,
      list: false,
    },
    resourceName: {
      column: 'resource_name',
      kind: 'string',
      label: ['资源名', 'Resource name'],
      required: ['请输入资源名', 'Please enter the resource name'],
      max: 63,
      pattern: '^[a-z][a-zA-Z0-9]{0,62}$',
    },
    apiPath: {
      column: 'api_path',
      kind: 'string',
      label: ['接口路径', 'API path'],
      required: ['请输入接口路径', 'Please enter the API path'],
      max: 128,
      pattern: '^(/[a-z0-9-]+){1,4}$',
    },
    menuParent: {
      column: 'menu_parent',
      kind: 'string',
      label: ['上级菜单', 'Parent menu'],
      max: 128,
      list: false,
    },
    tenantScoped: { column: 'tenant_scoped', kind: 'bool', label: ['按租户隔离', 'Per tenant'], list: false },
  },
});

export const codeGen = z.strictObject({ ids: idList });
