import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import { changeList, rowRevisions } from '../../lib/crud/revisions.ts';

/** One recorded change of a row, as the list answers it. */
export interface RevisionRow {
  id: string;
  resource: string;
  rowId: string;
  action: string;
  userId: string | null;
  userName: string | null;
  createTime: Date;
  requestId: string | null;
  changes: unknown;
}

/** SQL of the revisions the generic CRUD writes (lib/crud/revisions.ts writes them; this reads them). */
export class RevisionRepo {
  constructor(private readonly db: Kdb) {}

  /** One row's revisions, newest first, and how many there are. */
  async ofRow(tenantId: string, resource: string, rowId: string, offset: number, size: number) {
    const row = this.db
      .selectFrom('yuan_revision')
      .where('tenant_id', '=', tenantId)
      .where('resource', '=', resource)
      .where('row_id', '=', rowId);
    const [records, counted] = await Promise.all([
      row
        .select([
          sql<string>`id::text`.as('id'),
          'resource',
          sql<string>`row_id::text`.as('rowId'),
          'action',
          sql<string | null>`user_id::text`.as('userId'),
          'user_name as userName',
          'create_time as createTime',
          'request_id as requestId',
          'changes',
        ])
        // The table's id, a number: the answer's id is its text.
        .orderBy(sql.ref('yuan_revision.id'), 'desc')
        .limit(size)
        .offset(offset)
        .execute(),
      row.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    // A field that did not change holds its place as null in the stored array: the answer lists the changes only.
    return {
      records: (records as RevisionRow[]).map((r) => ({ ...r, changes: changeList(r.changes) })),
      total: counted.n,
    };
  }

  /** One of the tenant's revisions: what it names, or undefined (row-level security hides another tenant's). */
  async find(tenantId: string, id: string) {
    return this.db
      .selectFrom('yuan_revision')
      .select(['resource', sql<string>`row_id::text`.as('rowId'), 'action'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A row's revisions after the given one, oldest first: their actions and changes. */
  after(tenantId: string, resource: string, rowId: string, id: string) {
    return rowRevisions(this.db, { tenantId, resource, rowId }, { after: id });
  }

  /** Whether the tenant has this row, live or removed (row-level security hides another tenant's). */
  async hasRow(table: string, tenantScoped: boolean, tenantId: string, rowId: string): Promise<boolean> {
    const found = await sql<{
      regclass: string | null;
    }>`SELECT to_regclass(${table})::text AS regclass`.execute(this.db);
    if (!found.rows[0]?.regclass) {
      return false;
    }
    const tenant = tenantScoped ? sql`AND tenant_id = ${tenantId}` : sql``;
    const row = await sql`SELECT 1 FROM ${sql.table(table)} WHERE id = ${rowId} ${tenant} LIMIT 1`.execute(
      this.db,
    );
    return row.rows.length > 0;
  }
}
