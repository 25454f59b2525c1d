import { sql } from 'kysely';
import { insertByColumns } from '../../db/bulk-insert.ts';
import { ReusableShapes } from '../../db/reusable.ts';
import { sqlTypeOf, toColumns } from './crud-columns.ts';
import type { Row, RowScope } from './crud-query.ts';
import { CrudReads } from './crud-reads.ts';

export type { Row, RowRule, RowScope } from './crud-query.ts';

/** What a single-row write answers: the row as a read of it would, or only its id. */
export type Answer = 'row' | 'id';

/** SQL of the generic resource: one tenant's live rows of one table, read (see CrudReads) and written. */
export class CrudRepo extends CrudReads {
  /** The single-row writes that answer the row, compiled once per set of columns they write. */
  private readonly inserts = new ReusableShapes<Row>();
  private readonly updates = new ReusableShapes<Row>();

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

  /** What a write answers, as `RETURNING` columns: the row as a read of it would, or its id alone. */
  private returned(answer: Answer) {
    const fields = answer === 'id' ? { id: 'id' } : this.res.readable;
    return Object.entries(fields).map(([field, column]) => sql.ref(column).as(field));
  }

  /** Inserts one row and answers it (or its id), in the same round trip. */
  async insertReturning(values: Row, answer: Answer = 'row'): Promise<Row> {
    const columns = toColumns(this.res, values);
    const names = Object.keys(columns);
    const insert = this.inserts.of(`${answer}:${names.join(',')}`, (value) =>
      this.db
        .insertInto(this.res.table)
        .values(Object.fromEntries(names.map((name, i) => [name, value(i)])))
        .returning(this.returned(answer)),
    );
    const row = await insert.first(
      this.db,
      names.map((name) => columns[name]),
    );
    if (!row) {
      throw new Error(`${this.res.table}: an insert answered no row`);
    }
    return row;
  }

  /** Updates one of the tenant's live rows and answers it (or its id); undefined when there is no such row. */
  updateReturning(
    tenantId: string,
    id: string,
    values: Row,
    answer: Answer = 'row',
  ): Promise<Row | undefined> {
    const columns = toColumns(this.res, values);
    const names = Object.keys(columns);
    const update = this.updates.of(`${answer}:${names.join(',')}`, (value) =>
      this.updateOne(
        value(0),
        value(1),
        Object.fromEntries(names.map((name, i) => [name, value(i + 2)])),
      ).returning(this.returned(answer)),
    );
    return update.first(this.db, [tenantId, id, ...names.map((name) => columns[name])]);
  }

  /** The update of one of the tenant's live rows, given column values. */
  private updateOne(tenantId: string, id: string, columns: Row) {
    const q = this.db
      .updateTable(this.res.table)
      .set(columns)
      .where('id', '=', id)
      .where('is_deleted', '=', 0);
    return this.res.tenantScoped ? q.where('tenant_id', '=', tenantId) : q;
  }

  /** Many rows in one statement (imports); every row must name the same fields. */
  async insertMany(rows: Row[]): Promise<void> {
    const columns = rows.map((r) => toColumns(this.res, r));
    const names = Object.keys(columns[0] ?? {});
    await insertByColumns(
      this.db,
      this.res.table,
      names.map((name) => ({ name, type: sqlTypeOf(this.res, name) })),
      columns,
    );
  }

  async update(tenantId: string, id: string, values: Row): Promise<number> {
    const result = await this.updateOne(tenantId, id, toColumns(this.res, values)).executeTakeFirst();
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
