import { revisedResources } from '@yuan/contract';
import type { CrudConfig, CrudField, Row } from '../types.ts';

/** An entity's rows, as the revisions name their resource. */
const ENTITY_CODE = /^ent_[0-9]{1,19}$/;

/** Resource codes whose history the server answers (with the entities' rows); any other would be refused. */
const REVISED = new Set<string>(revisedResources.filter((res) => !res.readOnly).map((res) => res.name));

/**
 * Whether a screen offers its rows' history: not for read-only resources (logs), nor for the user's own rows
 * (payees), which the screen's menu guards while the history asks for the entity screens' menus.
 */
export function hasHistory(config: Pick<CrudConfig, 'resource' | 'ownRows'>): boolean {
  const { resource } = config;
  if (resource.readOnly || config.ownRows) {
    return false;
  }
  return ENTITY_CODE.test(resource.name) || REVISED.has(resource.name);
}

/** What names a row in the drawer's title: its first shown text field with a value (a user's account). */
export function rowLabel(fields: CrudField[], row: Row): string {
  for (const field of fields) {
    const value = row[field.name];
    const shown = field.spec.list !== false && !field.spec.writeOnly && !field.spec.secret;
    if (shown && field.spec.kind === 'string' && typeof value === 'string' && value) {
      return value;
    }
  }
  return '';
}
