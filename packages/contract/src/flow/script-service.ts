import { z } from 'zod';
import { registerMessage } from '../form-messages.ts';
import { defineResource } from '../resource.ts';

/** Field names the service rules' messages use (registered so they read in both languages). */
export const SCRIPT_LABELS = {
  path: registerMessage('flowService.path', ['路径', 'Path']),
  parent: registerMessage('flowService.parent', ['上级模块', 'Module']),
  cron: registerMessage('flowService.cronInvalid', [
    '定时表达式无效：{detail}',
    'Invalid schedule: {detail}',
  ]),
  timeZone: registerMessage('flowService.timeZoneUnknown', ['未知时区: {name}', 'Unknown time zone: {name}']),
  reserved: registerMessage('flowService.reserved', [
    '路径不能以{name}开头（系统保留）',
    'A path cannot begin with {name} (reserved)',
  ]),
};

/** First path segments the `s/*` calls use themselves: a service at such a path could never be called. */
export const RESERVED_SERVICE_PATHS = [
  'list',
  'run',
  'id',
  'rename',
  'delete',
  'saveOrUpdate',
  'move',
  'disable',
  'enable',
  'exportModule',
  'importModule',
  'copy',
  'c',
];

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
    // Who may call the service by its path besides those who may run any script (see docs/decisions).
    roleIds: { column: 'role_ids', kind: 'ids', label: ['可调用角色', 'Roles that may call'], list: false },
    // 5 fields (minute precision) or 6 (seconds first); empty: not scheduled. Checked by the server's cron parser.
    cron: { column: 'cron', kind: 'string', label: ['定时', 'Schedule (cron)'], max: 64 },
    timeZone: { column: 'time_zone', kind: 'string', label: ['时区', 'Time zone'], max: 64 },
    sort: { column: 'sort', kind: 'int', label: ['排序', 'Sort'], min: 0, max: 100_000 },
  },
});

/** One node of an exported module: a module with its children, or a service with its code. */
export interface ScriptExportNode {
  name: string;
  kind: 'module' | 'service';
  path?: string | null;
  code?: string | null;
  language?: string | null;
  paramsSchema?: unknown;
  sort?: number | null;
  children?: ScriptExportNode[];
}

const exportNode: z.ZodType<ScriptExportNode> = z.lazy(() =>
  z.strictObject({
    name: z.string().min(1).max(64),
    kind: z.enum(['module', 'service']),
    path: z.string().max(128).nullish(),
    code: z.string().max(100_000).nullish(),
    language: z.literal('js').nullish(),
    paramsSchema: z.unknown().optional(),
    sort: z.number().int().min(0).max(100_000).nullish(),
    children: z.array(exportNode).max(1000).optional(),
  }),
);

/** The file `s/exportModule` writes and `s/importModule` reads. */
export const SCRIPT_EXPORT_FORMAT = 'yuan-script-services';
export const scriptModuleFile = z.strictObject({
  format: z.literal(SCRIPT_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.string().max(40).optional(),
  root: exportNode,
});
export type ScriptModuleFile = z.infer<typeof scriptModuleFile>;
