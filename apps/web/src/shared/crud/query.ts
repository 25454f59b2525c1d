import type { Dayjs } from 'dayjs';
import { DATE_TIME } from '../time/timeZone.ts';
import type { CrudField, Row } from './types.ts';

export type ParamMap = Record<string, string | number>;

export interface ListState {
  current: number;
  size: number;
  search: Record<string, unknown>;
  range: [Dayjs, Dayjs] | null;
}

function filled(value: unknown): value is string | number {
  return (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';
}

/**
 * Query of a list call: page, the search fields that have a value (only those: the server refuses unknown keys),
 * the creation-date range (SPEC §7 keys) and the screen's fixed parameters.
 */
export function buildListParams(
  state: ListState,
  fields: CrudField[],
  fixed: Record<string, string> = {},
): ParamMap {
  const params: ParamMap = { current: state.current, size: state.size };
  for (const field of fields) {
    const value = state.search[field.name];
    if (field.spec.search && filled(value)) {
      params[field.name] = typeof value === 'string' ? value.trim() : value;
    }
  }
  if (state.range) {
    params.createTime_dategt = state.range[0].startOf('day').format(DATE_TIME);
    params.createTime_datelt = state.range[1].endOf('day').format(DATE_TIME);
  }
  return { ...params, ...fixed };
}

/** A new search or date range always starts again on page 1 (SPEC §9). */
export function searchState(
  state: ListState,
  search: Record<string, unknown>,
  range: [Dayjs, Dayjs] | null,
): ListState {
  return { ...state, current: 1, search, range };
}

/** True when the list is filtered, so a tree table shows the flat matching rows instead of the lazy tree. */
export function isFiltered(state: ListState, fixed: Record<string, string> = {}): boolean {
  return state.range !== null || Object.values(state.search).some(filled) || Object.keys(fixed).length > 0;
}

/** Ids of the rows as the remove call wants them. */
export function idsOf(rows: Row[]): string {
  return rows.map((row) => row.id).join(',');
}
