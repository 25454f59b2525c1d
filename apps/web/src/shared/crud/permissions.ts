import type { CrudButtons } from './types.ts';

export interface Allowed {
  view: boolean;
  add: boolean;
  edit: boolean;
  delete: boolean;
}

/**
 * Which CRUD buttons a user sees: the button code `${perm}_view/_add/_edit/_delete` of the resource's menu code (or
 * of one of its other menu codes, which the server accepts alike) must be in the session's permission map, and the
 * screen may switch a button off (the tenant-package screen has no view button).
 */
export function allowedButtons(
  perm: string | readonly string[],
  permission: Record<string, true | undefined>,
  off: CrudButtons = {},
): Allowed {
  const codes = typeof perm === 'string' ? [perm] : perm;
  const has = (action: keyof Allowed) =>
    off[action] !== false && codes.some((code) => permission[`${code}_${action}`] === true);
  return { view: has('view'), add: has('add'), edit: has('edit'), delete: has('delete') };
}

export function hasPermission(permission: Record<string, true | undefined>, code: string): boolean {
  return permission[code] === true;
}
