import type { FieldSpec } from '@yuan/contract';
import type { FormJson } from '@yuan/contract/lowcode/form-json';
import { type GridJson, parseGridJson } from '@yuan/contract/lowcode/grid-json';
import type { CrudApi } from '../../../shared/crud/api.ts';
import type { CrudConfig, FieldOptionMap } from '../../../shared/crud/types.ts';
import { groupFields, prepareFields } from '../../../shared/schema-form/prepare.ts';
import type { EntityConfig } from '../api.ts';
import { entityCrudConfig, entityResourceOf, type RowsOwner } from '../entityData/entityCrud.ts';
import { type GridRow, gridDesignApi } from '../gridDesign/gridApi.ts';

/** The fields in the grid's column order first; those it does not show keep their place after them. */
function ordered(fields: Record<string, FieldSpec>, grid: GridJson): Record<string, FieldSpec> {
  const out: Record<string, FieldSpec> = {};
  for (const column of grid.columns) {
    const spec = fields[column.prop];
    if (spec) {
      out[column.prop] = spec;
    }
  }
  return { ...out, ...fields };
}

/**
 * Where a grid's rows come from when not through the grid itself (dtgrid): another family of calls with its own
 * permission, e.g. the payees (payee/*), whose grid the designer draws like any other.
 */
export interface GridSource extends RowsOwner {
  /** List, save, remove and the row a dialog shows. */
  api: CrudApi;
}

/**
 * The shared CRUD screen configured by a designed grid: its columns in order and width, its search fields, sort,
 * page size and actions; rows read through the grid; add and edit through the entity's default form when it has one.
 * Fields the entity no longer has are skipped; a grid whose JSON cannot be read shows the entity's own list.
 */
export function gridCrudConfig(
  grid: GridRow,
  entity: EntityConfig,
  form: FormJson | null,
  source?: GridSource,
): CrudConfig {
  const base = entityCrudConfig(grid.entId, entity);
  const design = parseGridJson(grid.gridJson);
  if (!design) {
    return source
      ? {
          ...base,
          id: `grid-${grid.id}`,
          resource: entityResourceOf(grid.entId, entity, source),
          api: source.api,
        }
      : { ...base, id: `grid-${grid.id}` };
  }
  const columns = new Map(design.columns.map((column) => [column.prop, column]));
  const search = new Set(design.search);
  const fields: FieldOptionMap = {};
  for (const name of Object.keys(entity.fields)) {
    const column = columns.get(name);
    fields[name] = {
      ...base.fields?.[name],
      ...(column ? { width: column.width } : { hideInTable: true }),
      ...(search.has(name) ? {} : { hideInSearch: true }),
    };
  }
  const actions = new Set(design.actions);
  const sort = design.sort && entity.fields[design.sort.prop] ? design.sort : undefined;
  return {
    ...base,
    id: `grid-${grid.id}`,
    resource: entityResourceOf(grid.entId, { ...entity, fields: ordered(entity.fields, design) }, source),
    api: source?.api ?? {
      ...(base.api as CrudApi),
      list: (params) => gridDesignApi.gridRows(grid.id, params),
    },
    fields,
    buttons: {
      add: actions.has('add'),
      edit: actions.has('edit'),
      view: actions.has('view'),
      delete: actions.has('delete'),
    },
    pageSize: design.pageSize,
    ...(sort ? { params: { sort: `${sort.order === 'desc' ? '-' : ''}${sort.prop}` } } : {}),
    ...(form ? { formJson: prepareFields([...(form.column ?? []), ...groupFields(form.group)]) } : {}),
  };
}

/** Which of import and export the grid offers (both when its JSON cannot be read). */
export function gridOffers(grid: GridRow): { import: boolean; export: boolean } {
  const actions = parseGridJson(grid.gridJson)?.actions;
  return { import: actions?.includes('import') ?? true, export: actions?.includes('export') ?? true };
}
