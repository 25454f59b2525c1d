import type { CrudButtons } from './types.ts';

export interface Allowed {
  view: boolean;
  add: boolean;
  edit: boolean;
  delete: boolean;
}

/**
 * Which CRUD buttons a user sees: the button code `${perm}_view/_add/_edit/_delete` must be in the session's
 * permission map, and the screen may switch a button off (the tenant-package screen has no view button).
 */
export function allowedButtons(
  perm: string,
  permission: Record<string, true | undefined>,
  off: CrudButtons = {},
): Allowed {
  const has = (action: keyof Allowed) => off[action] !== false && permission[`${perm}_${action}`] === true;
  return { view: has('view'), add: has('add'), edit: has('edit'), delete: has('delete') };
}

export function hasPermission(permission: Record<string, true | undefined>, code: string): boolean {
  return permission[code] === true;
}
