import { PAGE_SIZE_MAX } from '@yuan/contract/constants';
import { call } from '../../../shared/api/http.ts';
import { type EntityRow, entityApi } from '../api.ts';
import { toElements, toFieldRow } from '../entity/elementRules.ts';
import type { ErdEntity, Positions } from './graph.ts';

const BASE = '/api/yuan-api';
/** The server keeps at most this many table positions per tenant; the diagram reads no more entities than that. */
const MAX_TABLES = 2_000;

/** The ER diagram's calls: the tenant's entities with their fields, and where their tables were placed. */
export const erdApi = {
  /** Every entity of the tenant, read page by page at the largest page size. */
  entities: async (): Promise<ErdEntity[]> => {
    const out: ErdEntity[] = [];
    for (let current = 1; out.length < MAX_TABLES; current++) {
      const page = await entityApi.list({ current, size: PAGE_SIZE_MAX });
      for (const row of page.records) {
        out.push({ id: row.id, entNo: row.entNo, entName: row.entName, elements: row.elements ?? [] });
      }
      if (page.records.length < PAGE_SIZE_MAX || current >= page.pages) {
        break;
      }
    }
    return out;
  },
  /** Quiet: without a saved layout the diagram still shows, laid out automatically, and says so itself. */
  layout: () =>
    call<{ positions: Positions }>(`${BASE}/erd/layout`, { guard: false, silent: true }).then(
      (answer) => answer?.positions ?? {},
    ),
  /**
   * Unguarded: a table dragged back where it was within 3 s sends the same body again, and that must still be
   * saved rather than refused as a double click.
   */
  saveLayout: (positions: Positions) =>
    call<null>(`${BASE}/erd/layout`, { method: 'POST', body: { positions }, guard: false }),
};

/** The field a reference adds: its code and name; it holds ids of the referenced entity's rows as text. */
export interface NewReference {
  eleNo: string;
  eleName: string;
}

/**
 * Adds a field to `sourceId` that references `targetId`, through the entity definition's own save (a new version,
 * validated by the server as the entity editor's save is). The definition is read afresh first, so fields another
 * user added since the diagram was drawn are kept; the fields go back exactly as the editor would send them.
 */
export async function addReference(sourceId: string, targetId: string, field: NewReference) {
  const entity = (await entityApi.detail(sourceId)) as EntityRow & { parentEntId?: string | null };
  const rows = [
    ...entity.elements.map(toFieldRow),
    { eleNo: field.eleNo, eleName: field.eleName, dataTyp: 'string' as const, refEntId: targetId },
  ];
  return entityApi.save({
    id: entity.id,
    entNo: entity.entNo,
    entName: entity.entName,
    remark: entity.remark ?? '',
    treeField: entity.treeField ?? '',
    // Sent back unchanged: a save without it would detach the entity from its parent.
    ...(entity.parentEntId ? { parentEntId: entity.parentEntId } : {}),
    elements: toElements(rows),
  });
}
