import { defineResource, type Resource } from '@yuan/contract/resource';
import type { CrudConfig, FieldOptionMap } from '../../../shared/crud/types.ts';
import { ownText } from '../../../shared/i18n/index.ts';
import { ENTITY_DATA_BASE, type EntityConfig, entityDataApi } from '../api.ts';

/** Where an entity's rows are served and which menu codes' buttons govern them. */
export interface RowsOwner {
  /** The rows' base path (their list queries are keyed by it). */
  basePath: string;
  perm: string;
  altPerms?: string[];
}

/** The entity's own rows: dtentity, governed by the entity-data and entity menus. */
const ENTITY_ROWS: RowsOwner = { basePath: ENTITY_DATA_BASE, perm: 'entityData', altPerms: ['entity'] };

/**
 * An entity's fields as a resource: the definition language is shared with the system tables. `owner` is given
 * when another family of calls serves the rows (the payees' own, which the payee menu governs).
 */
export function entityResourceOf(
  entId: string,
  data: EntityConfig,
  owner: RowsOwner = ENTITY_ROWS,
): Resource {
  return defineResource({
    name: `ent_${entId}`,
    basePath: owner.basePath,
    table: 'x',
    perm: owner.perm,
    ...(owner.altPerms ? { altPerms: owner.altPerms } : {}),
    tenantScoped: true,
    title: ownText(`entityLabel.${entId}`) ?? data.title,
    fields: ownLabels(entId, data.fields),
  });
}

/** Field labels with the tenant's own texts over them (entityLabel.<entId>.<field> on the language-text screen). */
function ownLabels(entId: string, fields: EntityConfig['fields']): EntityConfig['fields'] {
  return Object.fromEntries(
    Object.entries(fields).map(([name, spec]) => {
      const text = ownText(`entityLabel.${entId}.${name}`);
      return [name, text ? { ...spec, label: text } : spec];
    }),
  );
}

/** The shared CRUD screen's configuration for an entity's rows. */
export function entityCrudConfig(entId: string, data: EntityConfig): CrudConfig {
  const fields: FieldOptionMap = {};
  for (const [name, spec] of Object.entries(data.fields)) {
    if (spec.ref) {
      // A reference is chosen among the referenced entity's rows, shown by their first text field.
      fields[name] = { widget: 'select', source: `entityRef:${entId}:${name}` };
    }
  }
  return {
    resource: entityResourceOf(entId, data),
    api: entityDataApi(entId),
    fields,
    id: `entity-${entId}`,
    dateRange: false,
  };
}

/** The field a hierarchy's nodes are titled by: its first text field other than the parent field. */
export function titleFieldOf(data: EntityConfig): string | undefined {
  return Object.entries(data.fields).find(
    ([name, f]) => name !== data.treeField && (f.kind === 'string' || f.kind === 'text'),
  )?.[0];
}
