import { registerMessage } from '../form-messages.ts';
import { defineResource } from '../resource.ts';

/** Field names the service rules' messages use (registered so they read in both languages). */
export const SCRIPT_LABELS = {
  path: registerMessage('flowService.path', ['路径', 'Path']),
  parent: registerMessage('flowService.parent', ['上级模块', 'Module']),
};

/**
 * Flow services (SPEC §2 /flow/service, §7 `s/*`): a tree per tenant of modules and the scripts under them. A
 * script's `path` is how `s/{servicePath}` calls it; its code is the body of a function of (params, user) run in the
 * sandbox. Only enabled services answer calls by path.
 */
export const scriptServiceResource = defineResource({
  name: 'flowService',
  basePath: '/api/yuan-api/s',
  table: 'yuan_script_service',
  perm: 'flowService',
  tenantScoped: true,
  tree: { label: 'name' },
  orderBy: ['sort'],
  title: ['流程服务', 'Flow service'],
  fields: {
    parentId: { column: 'parent_id', kind: 'id', label: ['上级模块', 'Module'], search: 'eq' },
    name: {
      column: 'name',
      kind: 'string',
      label: ['名称', 'Name'],
      required: ['请输入名称', 'Please enter the name'],
      max: 64,
      search: 'like',
    },
    kind: {
      column: 'kind',
      kind: 'string',
      label: ['类型', 'Kind'],
      required: ['请选择类型', 'Please choose the kind'],
      // A module holds services and other modules; a service holds code.
      pattern: '^(module|service)$',
      search: 'eq',
    },
    path: {
      column: 'path',
      kind: 'string',
      label: ['路径', 'Path'],
      max: 128,
      pattern: '^[A-Za-z][A-Za-z0-9_-]*(/[A-Za-z][A-Za-z0-9_-]*)*$',
      unique: true,
      search: 'like',
    },
    code: { column: 'code', kind: 'text', label: ['代码', 'Code'], max: 100_000, list: false },
    language: { column: 'language', kind: 'string', label: ['语言', 'Language'], pattern: '^js$' },
    paramsSchema: { column: 'params_schema', kind: 'json', label: ['参数', 'Parameters'], list: false },
    enabled: { column: 'enabled', kind: 'bool', label: ['启用', 'Enabled'] },
    sort: { column: 'sort', kind: 'int', label: ['排序', 'Sort'], min: 0, max: 100_000 },
  },
});
