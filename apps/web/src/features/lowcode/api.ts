import type { Element, FieldSpec, Page } from '@yuan/contract';
import type { VerifyJson } from '@yuan/contract/lowcode/entity';
import { PAGE_SIZE_MAX } from '@yuan/contract/constants';
import { call } from '../../shared/api/http.ts';
import type { CrudApi } from '../../shared/crud/api.ts';
import type { Row } from '../../shared/crud/types.ts';

const BASE = '/api/yuan-api';
/** The base path of every entity's rows resource (their list queries are keyed by it). */
export const ENTITY_DATA_BASE = `${BASE}/dtentity`;

export interface EntityRow {
  id: string;
  entNo: string;
  entName: string;
  remark: string;
  elements: Element[];
  version: number;
  syncedVersion: number;
  pendingSync: boolean;
  drift: string[];
  tableName: string;
  treeField: string;
}

/** An element definition as the entity editor's picker reads it. */
export interface ElementDefine {
  id: string;
  defNo: string;
  defName: string;
  dataTyp: string;
  verifyJson: VerifyJson | null;
  dictCode: string | null;
}

export interface SyncAnswer {
  steps: { sql: string; what: string; rows?: number }[];
  affectedRows: number;
  applied: boolean;
}

export interface EntityConfig {
  entId: string;
  title: string;
  fields: Record<string, FieldSpec>;
  /** The field a row names its parent by ('' when the entity is not a hierarchy). */
  treeField: string;
}

export interface VersionRow {
  id: string;
  version: number;
  diff: ({ op: string } & Record<string, unknown>)[];
  createUserName: string | null;
  createTime: string;
}

/** The calls of the entity screens (SPEC §7 dtentity, dtversion). */
export const entityApi = {
  list: (params: Record<string, string | number>) =>
    call<Page<EntityRow>>(`${BASE}/dtentity/fnEntityList`, { params, guard: false }),
  detail: (id: string) => call<EntityRow>(`${BASE}/dtentity/getDetail`, { params: { id }, guard: false }),
  save: (body: Record<string, unknown>) =>
    call<{ id: string; version: number }>(`${BASE}/dtentity/saveOrUpdate`, { method: 'POST', body }),
  sync: (body: { id: string; apply?: boolean; confirm?: number }) =>
    call<SyncAnswer>(`${BASE}/dtentity/syncEntityDataBaseTable`, {
      method: 'POST',
      body,
      guard: false,
      // The dialog shows a refusal beside the plan it concerns.
      silent: true,
    }),
  /** Quiet: a refusal that names the table's row count is answered by asking for that count, not by a toast. */
  remove: (body: { ids: string[]; dropTable?: boolean; confirmRows?: number }) =>
    call<boolean>(`${BASE}/dtentity/remove`, { method: 'POST', body, silent: true }),
  versions: (targetId: string) =>
    call<Page<VersionRow>>(`${BASE}/dtversion/list`, { params: { targetId, size: 50 }, guard: false }),
  restore: (id: string) =>
    call<{ version: number }>(`${BASE}/dtversion/restore`, { method: 'POST', body: { id } }),
  elementDefines: () => call<ElementDefine[]>(`${BASE}/dtentity/listElementDefines`, { guard: false }),
  /** Quiet: the screen itself says why an entity's rows cannot be shown (no table yet, no such entity). */
  config: (entId: string) =>
    call<EntityConfig>(`${BASE}/dtentity/queryConfig`, { params: { entId }, guard: false, silent: true }),
};

/** Element definitions at the origin's paths. */
export const elementApi: CrudApi = {
  list: (params) => call<Page<Row>>(`${BASE}/dt/fnList`, { params, guard: false }),
  detail: (id) => call<Row>(`${BASE}/dtEleDef/getDetail`, { params: { id }, guard: false }),
  submit: (body) => call<Row>(`${BASE}/dt/fnSaveOrUpdate`, { method: 'POST', body }),
  remove: (ids) => call<unknown>(`${BASE}/dtEleDef/remove`, { method: 'POST', body: { ids } }),
  lazyList: async () => [],
  tree: async () => [],
};

/** One entity's rows through the shared CRUD screen. */
export function entityDataApi(entId: string): CrudApi {
  return {
    list: (params) =>
      call<Page<Row>>(`${BASE}/dtentity/queryDataByFields`, { params: { ...params, entId }, guard: false }),
    detail: (id) => call<Row>(`${BASE}/dtentity/data/detail`, { params: { entId, id }, guard: false }),
    submit: async (data) => {
      const saved = await call<{ id: string }>(`${BASE}/dtentity/saveOrUpdateData`, {
        method: 'POST',
        body: { entId, data },
      });
      return { ...data, id: saved.id } as Row;
    },
    remove: (ids) => call<unknown>(`${BASE}/dtentity/removeDatas`, { method: 'POST', body: { entId, ids } }),
    lazyList: async () => [],
    tree: async () => [],
  };
}

/** The child rows of one row of a hierarchy entity ('0': the roots), each with `hasChildren`. */
export const entityChildren = (entId: string, parentId: string) =>
  call<(Row & { hasChildren: boolean })[]>(`${BASE}/dtentity/${parentId}/children`, {
    params: { entId },
    guard: false,
  });

/**
 * The tenant's entities that have a table (synced at least once), read a page of the largest size at a time, at most
 * `maxPages` of them (a choice or a completion, not a catalogue). Quiet: without the entity menu the list is only
 * empty, the screen asking goes on.
 */
export async function syncedEntities(maxPages: number): Promise<EntityRow[]> {
  const out: EntityRow[] = [];
  for (let current = 1; current <= maxPages; current++) {
    const page = await call<Page<EntityRow>>(`${ENTITY_DATA_BASE}/fnEntityList`, {
      params: { current, size: PAGE_SIZE_MAX },
      guard: false,
      silent: true,
    });
    out.push(...page.records.filter((row) => row.syncedVersion > 0));
    if (page.records.length < PAGE_SIZE_MAX || current >= page.pages) {
      break;
    }
  }
  return out;
}
