import type { Resource } from '@yuan/contract';
import { screenCodes } from '@yuan/contract/resource';
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
/** A resource's menu codes: its own and those of the other screens that manage it. */
export function menuCodes(resource: Pick<Resource, 'perm' | 'altPerms'>): string[] {
  return screenCodes(resource);
}

/** Whether the session holds the button `${code}_${action}` of one of the codes. */
export function hasButton(
  codes: readonly string[],
  permission: Record<string, true | undefined>,
  action: string,
): boolean {
  return codes.some((code) => permission[`${code}_${action}`] === true);
}

export function allowedButtons(
  perm: string | readonly string[],
  permission: Record<string, true | undefined>,
  off: CrudButtons = {},
): Allowed {
  const codes = typeof perm === 'string' ? [perm] : perm;
  const has = (action: keyof Allowed) => off[action] !== false && hasButton(codes, permission, action);
  return { view: has('view'), add: has('add'), edit: has('edit'), delete: has('delete') };
}

/**
 * Every button the screen does not switch off: a screen over the user's own rows (payees), which the server guards by
 * the screen's menu code alone.
 */
export function everyButton(off: CrudButtons = {}): Allowed {
  const on = (action: keyof Allowed) => off[action] !== false;
  return { view: on('view'), add: on('add'), edit: on('edit'), delete: on('delete') };
}

export function hasPermission(permission: Record<string, true | undefined>, code: string): boolean {
  return permission[code] === true;
}
