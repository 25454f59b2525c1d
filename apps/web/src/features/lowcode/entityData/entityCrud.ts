import { defineResource, type Resource } from '@yuan/contract/resource';
import type { CrudConfig, FieldOptionMap } from '../../../shared/crud/types.ts';
import { ENTITY_DATA_BASE, type EntityConfig, entityDataApi } from '../api.ts';

/** An entity's fields as a resource: the definition language is shared with the system tables. */
export function entityResourceOf(entId: string, data: EntityConfig): Resource {
  return defineResource({
    name: `ent_${entId}`,
    basePath: ENTITY_DATA_BASE,
    table: 'x',
    perm: 'entityData',
    altPerms: ['entity'],
    tenantScoped: true,
    title: data.title,
    fields: data.fields,
  });
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
