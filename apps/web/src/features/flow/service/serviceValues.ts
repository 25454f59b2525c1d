import type { ServiceInput, ServiceRow } from './api.ts';
import type { ServiceNode } from './tree.ts';

/** The editor form's values. Roles are a list here and comma-joined on the wire; an empty zone is the default. */
export interface EditorValues {
  name: string;
  path: string;
  code: string;
  roleIds: string[];
  cron: string;
  timeZone?: string;
}

/** What the form would save: trimmed, in the shape the saved copy is kept in (so two can be compared). */
export interface SavedValues {
  name: string;
  path: string;
  code: string;
  roleIds: string[];
  cron: string;
  timeZone: string;
}

function splitIds(text: string | null | undefined): string[] {
  return (text ?? '').split(',').filter((id) => id !== '');
}

/** A row as the form starts with it. */
export function valuesOf(row: ServiceRow): SavedValues {
  return {
    name: row.name ?? '',
    path: row.path ?? '',
    code: row.code ?? '',
    roleIds: splitIds(row.roleIds),
    cron: row.cron ?? '',
    timeZone: row.timeZone ?? '',
  };
}

/** The form's values as they are saved: names, path and schedule trimmed, roles as chosen. */
export function cleaned(values: Partial<EditorValues>): SavedValues {
  return {
    name: (values.name ?? '').trim(),
    path: (values.path ?? '').trim(),
    code: values.code ?? '',
    roleIds: values.roleIds ?? [],
    cron: (values.cron ?? '').trim().replace(/\s+/g, ' '),
    timeZone: values.timeZone ?? '',
  };
}

/** Whether everything but the code is as saved (a save from the blocks then needs only the Blockly call). */
export function sameFields(a: SavedValues, b: SavedValues): boolean {
  return (
    a.name === b.name &&
    a.path === b.path &&
    a.cron === b.cron &&
    a.timeZone === b.timeZone &&
    a.roleIds.join(',') === b.roleIds.join(',')
  );
}

/** Whether the form holds anything not saved; untrimmed text counts as a change, as it would be saved trimmed. */
export function differs(values: Partial<EditorValues>, saved: SavedValues): boolean {
  const now = cleaned(values);
  return (
    !sameFields(now, saved) ||
    now.code !== saved.code ||
    values.name !== saved.name ||
    values.path !== saved.path ||
    (values.cron ?? '') !== saved.cron
  );
}

/**
 * The body of `s/saveOrUpdate`: the declared fields only. The tree's node is the newest word on where the service
 * hangs and whether it is on, so those come from it; the parameter description is kept as it was read.
 */
export function bodyOf(sent: SavedValues, row: ServiceRow, node: ServiceNode): ServiceInput {
  return {
    name: sent.name,
    path: sent.path,
    code: sent.code,
    roleIds: sent.roleIds.join(','),
    cron: sent.cron,
    timeZone: sent.timeZone,
    id: node.id,
    parentId: node.parentId,
    kind: 'service',
    language: row.language || 'js',
    enabled: node.enabled,
    sort: node.sort,
    ...(row.paramsSchema === null || row.paramsSchema === undefined
      ? {}
      : { paramsSchema: row.paramsSchema }),
  };
}
