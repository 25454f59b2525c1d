import type { ServiceRow } from './api.ts';
import type { ServiceNode } from './tree.ts';
import type { FlowPermissions } from './useFlowPermissions.ts';

/** Rows and permissions the tests of this screen share (not part of the app: only tests import it). */

/** A service as `s/id/{id}` answers it, with one calling role and a schedule. */
export const SERVICE_ROW: ServiceRow = {
  id: '7',
  parentId: '3',
  name: '加一',
  kind: 'service',
  path: 'math/addOne',
  code: 'return params.a + 1;',
  language: 'js',
  paramsSchema: null,
  enabled: true,
  sort: 2,
  roleIds: '11,12',
  cron: '0 8 * * 1-5',
  timeZone: '',
};

/** The tree's node of a row. */
export function nodeOf(row: ServiceRow, changes: Partial<ServiceNode> = {}): ServiceNode {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    kind: row.kind,
    path: row.path ?? '',
    enabled: row.enabled !== false,
    sort: row.sort ?? 0,
    children: [],
    ...changes,
  };
}

function permissions(value: boolean): FlowPermissions {
  return {
    add: value,
    edit: value,
    remove: value,
    run: value,
    enable: value,
    disable: value,
    exportModule: value,
    importModule: value,
  };
}

export const ALL_PERMISSIONS = permissions(true);
export const NO_PERMISSIONS = permissions(false);
