import { sql } from 'kysely';
import { comparedType } from './crud-columns.ts';
import { CrudReads } from './crud-reads.ts';

/** What writes and their rules ask before they run: which ids are live, whether a value is taken, what hangs below. */
export class CrudChecks extends CrudReads {
  /** Which of `ids` are live rows (ids that are not numbers are none). */
  async liveIds(tenantId: string, ids: string[]): Promise<Set<string>> {
    const numeric = ids.filter((id) => /^\d{1,19}$/.test(id));
    if (numeric.length === 0) {
      return new Set();
    }
    const rows = await this.live(tenantId)
      .where(sql<boolean>`id = ANY (${sql.val(numeric)}::bigint[])`)
      .select(sql<string>`id::text`.as('id'))
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async countLive(tenantId: string, ids: string[]): Promise<number> {
    const r = await this.live(tenantId)
      .where('id', 'in', ids)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Live rows under any of `ids` that are not among them (an entity names its parent field, compared as text). */
  async childCount(tenantId: string, ids: string[], parentField?: string): Promise<number> {
    const under = parentField
      ? sql<boolean>`${sql.ref(this.col(parentField))}::text IN (${sql.join(ids)})`
      : sql<boolean>`parent_id IN (${sql.join(ids)})`;
    const r = await this.live(tenantId)
      .where(under)
      .where('id', 'not in', ids)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Whether another live row of the tenant already has this value. */
  async taken(tenantId: string, field: string, value: unknown, exceptId?: string): Promise<boolean> {
    let q = this.live(tenantId).where(this.col(field), '=', value).select('id');
    if (exceptId) {
      q = q.where('id', '!=', exceptId);
    }
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Which of these values a live row of the tenant already holds in `field`. */
  async takenValues(tenantId: string, field: string, values: unknown[]): Promise<Set<string>> {
    if (values.length === 0) {
      return new Set();
    }
    const col = sql.ref(this.col(field));
    // Compared in the column's own type, so the unique index answers (a cast of the column would scan the table).
    const arrayType = `${comparedType(this.res, field)}[]`;
    const rows = await this.live(tenantId)
      .where(sql<boolean>`${col} = ANY (${sql.val(values.map(String))}::${sql.raw(arrayType)})`)
      .select(sql<string>`${col}::text`.as('v'))
      .execute();
    return new Set(rows.map((r) => String(r.v)));
  }
}
