import type { Page } from '@yuan/contract';
import type { GridJson } from '@yuan/contract/lowcode/grid-json';
import { call } from '../../../shared/api/http.ts';
import type { Row } from '../../../shared/crud/types.ts';
import { ENTITY_DATA_BASE, type EntityConfig } from '../api.ts';
import { designBase } from '../designList/designApi.ts';

const BASE = designBase('grid');

/** A designed grid as dtgrid answers it; an older row may keep its JSON as text. */
export interface GridRow {
  id: string;
  gridNo: string;
  gridName: string;
  entId: string;
  gridJson: GridJson | string | null;
  isDefault?: boolean;
}

export interface GridSaveBody {
  id: string;
  gridNo: string;
  gridName: string;
  entId: string;
  gridJson: GridJson;
}

/** The calls of the grid designer (SPEC §7 dtgrid). */
export const gridDesignApi = {
  /** Quiet: the screen says itself that the grid is missing. */
  detail: (id: string) => call<GridRow>(`${BASE}/getDetail`, { params: { id }, guard: false, silent: true }),
  /** The grid with its entity's definition; quiet: the screen shows why the entity cannot be used. */
  config: (gridId: string) =>
    call<{ grid: GridRow; entity: EntityConfig }>(`${BASE}/queryConfigByGridId`, {
      params: { gridId },
      guard: false,
      silent: true,
    }),
  save: (body: GridSaveBody) => call<unknown>(`${BASE}/fnSaveOrUpdate`, { method: 'POST', body }),
  /** The entity's rows through the grid: the grid's own permission (gridData) reads them. */
  gridRows: (gridId: string, params: Record<string, string | number>) =>
    call<Page<Row>>(`${BASE}/queryDataByFields`, { params: { ...params, gridId }, guard: false }),
  /** Quiet: the preview shows its own failure beside the table. */
  rows: (entId: string, params: Record<string, string | number>) =>
    call<Page<Row>>(`${ENTITY_DATA_BASE}/queryDataByFields`, {
      params: { ...params, entId },
      guard: false,
      silent: true,
    }),
};
