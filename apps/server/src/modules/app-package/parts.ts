import type { AppPartKind, AppPartRow } from '@yuan/contract';

/**
 * How a part kind is found again in the target (its natural key, so a second import updates in place) and which of
 * its fields a package does not carry (another tenant's role ids mean nothing there; a default is set by its call).
 */
export interface PartSpec {
  kind: AppPartKind;
  /** The code its owner registers its save under (lib/crud/restorers.ts); none: written by its own service. */
  code?: string;
  table: string;
  keyColumn: string;
  key(row: AppPartRow): string;
  name(row: AppPartRow): string;
  /** Fields left out of the package. */
  drop: readonly string[];
}

const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const AUDIT = [
  'tenantId',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'status',
  'isDeleted',
];

export const PART_SPECS: Record<AppPartKind, PartSpec> = {
  elementDef: {
    kind: 'elementDef',
    code: 'eleDef',
    table: 'yuan_dt_ele_def',
    keyColumn: 'def_no',
    key: (r) => text(r.defNo),
    name: (r) => text(r.defName),
    drop: AUDIT,
  },
  entity: {
    kind: 'entity',
    table: 'yuan_dt_entity',
    keyColumn: 'ent_no',
    key: (r) => text(r.entNo),
    name: (r) => text(r.entName),
    drop: AUDIT,
  },
  form: {
    kind: 'form',
    code: 'page',
    table: 'yuan_dt_page',
    keyColumn: 'page_no',
    key: (r) => text(r.pageNo),
    name: (r) => text(r.pageName),
    drop: AUDIT,
  },
  grid: {
    kind: 'grid',
    code: 'grid',
    table: 'yuan_dt_grid',
    keyColumn: 'grid_no',
    key: (r) => text(r.gridNo),
    name: (r) => text(r.gridName),
    drop: AUDIT,
  },
  service: {
    kind: 'service',
    code: 'flowService',
    table: 'yuan_script_service',
    keyColumn: 'path',
    key: (r) => text(r.path) || `${text(r.kind)}:${text(r.name)}`,
    name: (r) => text(r.name),
    drop: [...AUDIT, 'roleIds', 'nextRunAt'],
  },
  model: {
    kind: 'model',
    code: 'flowModel',
    table: 'yuan_flow_model',
    keyColumn: 'model_key',
    key: (r) => text(r.modelKey),
    name: (r) => text(r.name),
    drop: AUDIT,
  },
  report: {
    kind: 'report',
    code: 'report',
    table: 'yuan_report',
    keyColumn: 'name',
    key: (r) => text(r.name),
    name: (r) => text(r.name),
    drop: [...AUDIT, 'roleIds'],
  },
  mindmap: {
    kind: 'mindmap',
    code: 'mindmap',
    table: 'yuan_mindmap',
    keyColumn: 'name',
    key: (r) => text(r.name),
    name: (r) => text(r.name),
    drop: AUDIT,
  },
  trigger: {
    kind: 'trigger',
    table: 'yuan_trigger',
    keyColumn: 'name',
    key: (r) => text(r.name),
    name: (r) => text(r.name),
    drop: AUDIT,
  },
  menu: {
    kind: 'menu',
    code: 'menu',
    table: 'yuan_menu',
    keyColumn: 'path',
    key: (r) => text(r.path),
    name: (r) => text(r.name),
    drop: AUDIT,
  },
};

/** A row without the fields its kind does not carry. */
export function carried(spec: PartSpec, row: Record<string, unknown>): AppPartRow {
  const out: AppPartRow = {};
  for (const [k, v] of Object.entries(row)) {
    if (!spec.drop.includes(k) && v !== undefined) {
      out[k] = v;
    }
  }
  return out;
}

const DIGITS = /(?<![0-9])[0-9]{1,19}(?![0-9])/g;

/**
 * Replaces every source id the map knows, wherever it stands in the row (a field, a JSON document, a script, SQL
 * such as `yuan_ent_<id>`), by the target's: ids are 18–19 digit numbers, matched only between non-digits.
 */
export function remapIds<T>(value: T, ids: ReadonlyMap<string, string>): T {
  if (ids.size === 0) {
    return value;
  }
  // Every run of digits is looked up, so the cost grows with the text, not with the number of ids known.
  const swap = (s: string) => s.replace(DIGITS, (m) => ids.get(m) ?? m);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      return swap(v);
    }
    if (Array.isArray(v)) {
      return v.map(walk);
    }
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}
