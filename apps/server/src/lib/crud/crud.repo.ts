import { sql } from 'kysely';
import { sqlTypeOf, toColumns } from './crud-columns.ts';
import type { Row, RowScope } from './crud-query.ts';
import { CrudReads } from './crud-reads.ts';

export type { Row, RowRule, RowScope } from './crud-query.ts';

/** SQL of the generic resource: one tenant's live rows of one table, read (see CrudReads) and written. */
export class CrudRepo extends CrudReads {
  /** The same repo, limited to the rows a data scope allows (reads, and the existence checks before writes). */
  limitedTo(rows: RowScope): CrudRepo {
    return rows ? new CrudRepo(this.typed, this.res, rows) : this;
  }

  /** After a node moves, its descendants' ancestor lists follow. */
  async moveDescendants(tenantId: string, oldPath: string, newPath: string): Promise<void> {
    let q = this.db
      .updateTable(this.res.table)
      .set({ ancestors: sql`${newPath} || substr(ancestors, ${oldPath.length + 1})` })
      .where(sql<boolean>`(ancestors = ${oldPath} OR ancestors LIKE ${`${oldPath},%`})`);
    if (this.res.tenantScoped) {
      q = q.where('tenant_id', '=', tenantId);
    }
    await q.execute();
  }

  /** Whether a tenant exists and is not removed (read under that tenant's scope). */
  async tenantIsLive(tenantId: string): Promise<boolean> {
    const row = await this.typed
      .selectFrom('yuan_tenant')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  insert(values: Row): Promise<unknown> {
    return this.db.insertInto(this.res.table).values(toColumns(this.res, values)).execute();
  }

  /** What a read of a row answers, as `RETURNING` columns. */
  private returned() {
    return Object.entries(this.res.readable).map(([field, column]) => sql.ref(column).as(field));
  }

  /** Inserts one row and answers it as a read of it would, in the same round trip. */
  async insertReturning(values: Row): Promise<Row> {
    return (await this.db
      .insertInto(this.res.table)
      .values(toColumns(this.res, values))
      .returning(this.returned())
      .executeTakeFirstOrThrow()) as Row;
  }

  /** Updates one of the tenant's live rows and answers it as a read would; undefined when there is no such row. */
  async updateReturning(tenantId: string, id: string, values: Row): Promise<Row | undefined> {
    return (await this.updateOne(tenantId, id, values).returning(this.returned()).executeTakeFirst()) as
      | Row
      | undefined;
  }

  /** The update of one of the tenant's live rows. */
  private updateOne(tenantId: string, id: string, values: Row) {
    const q = this.db
      .updateTable(this.res.table)
      .set(toColumns(this.res, values))
      .where('id', '=', id)
      .where('is_deleted', '=', 0);
    return this.res.tenantScoped ? q.where('tenant_id', '=', tenantId) : q;
  }

  /**
   * Many rows in one statement (imports); every row must name the same fields. Each column travels as one text
   * array (`unnest`), so the statement has a handful of parameters however many rows it carries.
   */
  async insertMany(rows: Row[]): Promise<void> {
    const first = rows[0];
    if (!first) {
      return;
    }
    const columns = rows.map((r) => toColumns(this.res, r));
    const names = Object.keys(columns[0] ?? {});
    const arrays = names.map((column) =>
      columns.map((c) => {
        const v = c[column];
        return v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v);
      }),
    );
    const alias = names.map((_, i) => sql.raw(`c${i}`));
    const casts = names.map(
      (column, i) => sql`${sql.raw(`u.c${i}`)}::${sql.raw(sqlTypeOf(this.res, column))}`,
    );
    // Raw: INSERT … SELECT FROM unnest of typed arrays, one parameter per column, has no builder form.
    await sql`INSERT INTO ${sql.table(this.res.table)} (${sql.join(names.map((n) => sql.ref(n)))})
      SELECT ${sql.join(casts)} FROM unnest(${sql.join(arrays.map((a) => sql`${sql.val(a)}::text[]`))}) AS u(${sql.join(alias)})`.execute(
      this.db,
    );
  }

  async update(tenantId: string, id: string, values: Row): Promise<number> {
    const result = await this.updateOne(tenantId, id, values).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Soft delete; returns how many of the ids were the tenant's live rows. */
  async remove(tenantId: string, ids: string[], userId: string): Promise<number> {
    let q = this.db
      .updateTable(this.res.table)
      .set({ is_deleted: 1, update_user: userId, update_time: new Date() })
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0);
    if (this.res.tenantScoped) {
      q = q.where('tenant_id', '=', tenantId);
    }
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
