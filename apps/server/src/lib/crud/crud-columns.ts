import type { FieldKind, Resource } from '@yuan/contract';
import { columnOf, type Row } from './crud-query.ts';

/** The SQL type values of each kind are compared as and cast to (others: text). */
const SQL_TYPES: Partial<Record<FieldKind, string>> = {
  int: 'int',
  decimal: 'numeric',
  bool: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  id: 'bigint',
};

/** The SQL types of the columns every table has besides its fields. */
const STANDARD_TYPES: Record<string, string> = {
  id: 'bigint',
  tenant_id: 'text',
  create_user: 'bigint',
  create_dept: 'bigint',
  update_user: 'bigint',
  create_time: 'timestamptz',
  update_time: 'timestamptz',
  status: 'int',
};

/** The SQL type a field's values are compared as (text when its kind names none). */
export function comparedType(res: Resource, field: string): string {
  return SQL_TYPES[res.fields[field]?.kind ?? 'string'] ?? 'text';
}

/** The SQL type of a column (cast target of a bulk insert). */
export function sqlTypeOf(res: Resource, column: string): string {
  const standard = STANDARD_TYPES[column];
  if (standard) {
    return standard;
  }
  const kind = Object.values(res.fields).find((f) => f.column === column)?.kind ?? 'string';
  return kind === 'json' ? 'jsonb' : (SQL_TYPES[kind] ?? 'text');
}

/**
 * Field values to column values. An empty optional text or id list is stored as '' (columns need not be
 * nullable), an empty optional integer is left out (keeping the column's value), anything else empty as NULL.
 */
export function toColumns(res: Resource, values: Row): Row {
  const out: Row = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) {
      continue;
    }
    const kind = res.fields[field]?.kind;
    if (value === null || (value === '' && kind !== 'string' && kind !== 'text')) {
      if (kind === 'string' || kind === 'text' || kind === 'ids') {
        out[columnOf(res, field)] = '';
      } else if (kind !== 'int') {
        out[columnOf(res, field)] = null;
      }
      continue;
    }
    // jsonb takes JSON text: the driver would turn an array into a PostgreSQL array.
    out[columnOf(res, field)] = kind === 'json' ? JSON.stringify(value) : value;
  }
  return out;
}
