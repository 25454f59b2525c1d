import { useQuery } from '@tanstack/react-query';
import type { Page } from '@yuan/contract';
import { PAGE_SIZE_MAX } from '@yuan/contract/constants';
import { call } from '../../../shared/api/http.ts';
import { ENTITY_DATA_BASE, type EntityRow } from '../api.ts';

/** The columns every entity table has besides its fields (the runner allows these; tenant_id is the server's). */
export const STANDARD_SQL_COLUMNS = [
  'id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
] as const;

export interface SqlColumn {
  code: string;
  name: string;
}

/** An entity the SQL editor may read: its code is the table's name, its fields' codes the columns'. */
export interface SqlTable {
  code: string;
  name: string;
  columns: SqlColumn[];
}

/** At most this many pages of the largest size are read (4,000 entities): completion is a help, not a catalogue. */
const MAX_PAGES = 20;

/** The tenant's entities that have a table (synced at least once), with their fields and the standard columns. */
async function loadTables(): Promise<SqlTable[]> {
  const out: SqlTable[] = [];
  for (let current = 1; current <= MAX_PAGES; current++) {
    // Quiet: without the entity menu the editor still runs queries; it only offers no names to complete.
    const page = await call<Page<EntityRow>>(`${ENTITY_DATA_BASE}/fnEntityList`, {
      params: { current, size: PAGE_SIZE_MAX },
      guard: false,
      silent: true,
    });
    for (const row of page.records) {
      if (row.syncedVersion > 0) {
        const fields = (row.elements ?? []).map((e) => ({ code: e.eleNo, name: e.eleName }));
        const standard = STANDARD_SQL_COLUMNS.map((code) => ({ code, name: code }));
        out.push({ code: row.entNo, name: row.entName, columns: [...fields, ...standard] });
      }
    }
    if (page.records.length < PAGE_SIZE_MAX || current >= page.pages) {
      break;
    }
  }
  return out;
}

/** The tables and columns the SQL editor completes and the visual builder offers. */
export function useSqlSchema() {
  return useQuery({ queryKey: ['sql-edit-schema'], queryFn: loadTables, staleTime: 60_000 });
}
