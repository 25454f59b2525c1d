import { useQuery } from '@tanstack/react-query';
import { syncedEntities } from '../api.ts';

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
  /** The entity's id (its fields' own texts are keyed by it). */
  id: string;
  code: string;
  name: string;
  columns: SqlColumn[];
}

/** At most this many pages of the largest size are read (4,000 entities): completion is a help, not a catalogue. */
const MAX_PAGES = 20;

/** The tenant's entities that have a table (synced at least once), with their fields and the standard columns. */
async function loadTables(): Promise<SqlTable[]> {
  const standard = STANDARD_SQL_COLUMNS.map((code) => ({ code, name: code }));
  return (await syncedEntities(MAX_PAGES)).map((row) => ({
    id: row.id,
    code: row.entNo,
    name: row.entName,
    columns: [...(row.elements ?? []).map((e) => ({ code: e.eleNo, name: e.eleName })), ...standard],
  }));
}

/** The tables and columns the SQL editor completes and the visual builder offers. */
export function useSqlSchema() {
  return useQuery({ queryKey: ['sql-edit-schema'], queryFn: loadTables, staleTime: 60_000 });
}
