import type { FieldSpec } from '@yuan/contract';
import {
  defaultGridJson,
  GRID_ACTIONS,
  GRID_WIDTH,
  type GridAction,
  type GridColumn,
  type GridJson,
  parseGridJson,
} from '@yuan/contract/lowcode/grid-json';

export type GridAlign = NonNullable<GridColumn['align']>;
export type GridSort = NonNullable<GridJson['sort']>;

/** One field of the grid's entity as the designer offers it. */
export interface GridField {
  name: string;
  label: string;
  spec: FieldSpec;
}

export interface GridDesignState {
  json: GridJson;
  /** What the server holds; the design is unsaved while it differs. */
  saved: GridJson;
}

export type GridDesignAction =
  | { type: 'toggle'; prop: string; shown: boolean }
  | { type: 'move'; prop: string; to: number }
  | { type: 'width'; prop: string; width: number | null }
  | { type: 'align'; prop: string; align: GridAlign | null }
  | { type: 'search'; search: string[] }
  | { type: 'sort'; sort: GridSort | null }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'actions'; actions: GridAction[] }
  | { type: 'saved' };

/** The fields a grid may show: a write-only value is never answered, so it cannot be a column. */
export function gridFields(
  fields: Record<string, FieldSpec>,
  label: (spec: FieldSpec) => string,
): GridField[] {
  return Object.entries(fields)
    .filter(([, spec]) => !spec.writeOnly && !spec.formOnly)
    .map(([name, spec]) => ({ name, label: label(spec), spec }));
}

/** The grid without the columns, search fields and sort that name fields `known` does not have. */
export function fitToFields(
  json: GridJson,
  known: ReadonlySet<string>,
): { json: GridJson; dropped: string[] } {
  const dropped = new Set<string>();
  const keep = (name: string) => {
    if (!known.has(name)) {
      dropped.add(name);
    }
    return known.has(name);
  };
  const columns = json.columns.filter((column) => keep(column.prop));
  const search = json.search.filter(keep);
  const { sort, ...rest } = json;
  const fitted: GridJson = { ...rest, columns, search };
  if (sort && columns.some((column) => column.prop === sort.prop)) {
    fitted.sort = sort;
  }
  return { json: fitted, dropped: [...dropped] };
}

/**
 * The designer's starting state: the stored grid, or a new one of the entity's fields when nothing usable is stored.
 * Fields the entity no longer has are taken out; the design then starts unsaved, so saving removes them for good.
 */
export function loadGridDesign(
  stored: unknown,
  fields: readonly GridField[],
): { state: GridDesignState; dropped: string[] } {
  const parsed = parseGridJson(stored);
  if (!parsed) {
    const json = defaultGridJson(
      fields.map((f) => ({ name: f.name, list: f.spec.list, search: f.spec.search !== undefined })),
    );
    return { state: { json, saved: json }, dropped: [] };
  }
  const { json, dropped } = fitToFields(parsed, new Set(fields.map((f) => f.name)));
  return { state: { json, saved: parsed }, dropped };
}

/** The grid JSON with its keys in one order, as it is shown and saved. */
export function canonicalGridJson(json: GridJson): GridJson {
  const columns = json.columns.map(({ prop, width, align }) => ({
    prop,
    ...(width === undefined ? {} : { width }),
    ...(align === undefined ? {} : { align }),
  }));
  const out: GridJson = { columns, search: [...json.search], pageSize: json.pageSize, actions: [] };
  if (json.sort) {
    out.sort = { prop: json.sort.prop, order: json.sort.order };
  }
  // The actions in the contract's order, whatever order they were ticked in.
  out.actions = GRID_ACTIONS.filter((action) => json.actions.includes(action));
  return out;
}

export function isDirty(state: GridDesignState): boolean {
  return JSON.stringify(canonicalGridJson(state.json)) !== JSON.stringify(canonicalGridJson(state.saved));
}

/** The list query of the preview: the first page in the grid's page size and default sort. */
export function previewParams(json: GridJson): Record<string, string | number> {
  const params: Record<string, string | number> = { current: 1, size: json.pageSize };
  if (json.sort) {
    params.sort = json.sort.order === 'desc' ? `-${json.sort.prop}` : json.sort.prop;
  }
  return params;
}

function clampWidth(width: number): number {
  return Math.min(GRID_WIDTH.max, Math.max(GRID_WIDTH.min, Math.round(width)));
}

function updateColumn(json: GridJson, prop: string, change: (column: GridColumn) => GridColumn): GridJson {
  return {
    ...json,
    columns: json.columns.map((column) => (column.prop === prop ? change(column) : column)),
  };
}

function withoutColumn(json: GridJson, prop: string): GridJson {
  const { sort, ...rest } = json;
  const next: GridJson = { ...rest, columns: json.columns.filter((column) => column.prop !== prop) };
  // The contract refuses a default sort on a field that is not a column.
  if (sort && sort.prop !== prop) {
    next.sort = sort;
  }
  return next;
}

function moveColumn(json: GridJson, prop: string, to: number): GridJson {
  const from = json.columns.findIndex((column) => column.prop === prop);
  const target = Math.min(json.columns.length - 1, Math.max(0, to));
  if (from < 0 || from === target) {
    return json;
  }
  const columns = [...json.columns];
  const [moved] = columns.splice(from, 1);
  if (moved) {
    columns.splice(target, 0, moved);
  }
  return { ...json, columns };
}

function change(json: GridJson, action: Exclude<GridDesignAction, { type: 'saved' }>): GridJson {
  switch (action.type) {
    case 'toggle': {
      const shown = json.columns.some((column) => column.prop === action.prop);
      if (action.shown === shown) {
        return json;
      }
      return action.shown
        ? { ...json, columns: [...json.columns, { prop: action.prop }] }
        : withoutColumn(json, action.prop);
    }
    case 'move':
      return moveColumn(json, action.prop, action.to);
    case 'width':
      return updateColumn(json, action.prop, ({ width: _old, ...column }) =>
        action.width === null ? column : { ...column, width: clampWidth(action.width) },
      );
    case 'align':
      return updateColumn(json, action.prop, ({ align: _old, ...column }) =>
        action.align === null ? column : { ...column, align: action.align },
      );
    case 'search':
      return { ...json, search: [...new Set(action.search)] };
    case 'sort': {
      const { sort: _old, ...rest } = json;
      const sort = action.sort;
      if (sort === null) {
        return rest;
      }
      return json.columns.some((column) => column.prop === sort.prop) ? { ...rest, sort } : json;
    }
    case 'pageSize':
      return { ...json, pageSize: action.pageSize };
    case 'actions':
      return { ...json, actions: GRID_ACTIONS.filter((a) => action.actions.includes(a)) };
  }
}

export function gridDesignReducer(state: GridDesignState, action: GridDesignAction): GridDesignState {
  if (action.type === 'saved') {
    return { ...state, saved: state.json };
  }
  const json = change(state.json, action);
  return json === state.json ? state : { ...state, json };
}
