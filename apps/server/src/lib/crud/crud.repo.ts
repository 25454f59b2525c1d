import { type Compilable, type RawBuilder, sql } from 'kysely';
import { insertByColumns } from '../../db/bulk-insert.ts';
import { ReusableShapes } from '../../db/reusable.ts';
import { RETURNING_OLD_SINCE, serverVersion } from '../../db/server-version.ts';
import { CrudChecks } from './crud-checks.ts';
import { sqlTypeOf, toColumns } from './crud-columns.ts';
import type { Row, RowScope } from './crud-query.ts';
import {
  type Author,
  authorStandIns,
  authorValues,
  changesSql,
  revisionCtes,
  trackedFields,
} from './revisions.ts';

export type { Row, RowRule, RowScope } from './crud-query.ts';

/** The names an update answers the values it replaced under (`RETURNING old.x AS __b_x`). */
const OLD_PREFIX = '__b_';

/** What a single-row write answers: the row as a read of it would, or only its id. */
export type Answer = 'row' | 'id';

/** SQL of the generic resource: one tenant's live rows of one table, read (see CrudReads), checked (CrudChecks) and written. */
export class CrudRepo extends CrudChecks {
  /** The single-row writes that answer the row, compiled once per set of columns they write. */
  private readonly inserts = new ReusableShapes<Row>();
  private readonly updates = new ReusableShapes<Row>();
  /**
   * The writes that keep their revisions: parsed and planned once per connection where this repo's reads are (the
   * statement with its revision took as long to plan as the write itself).
   */
  private readonly revisedInserts = new ReusableShapes<Row>({ prefix: this.named && `${this.named}_i` });
  private readonly revisedUpdates = new ReusableShapes<Row>({ prefix: this.named && `${this.named}_u` });

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

  /** What a write answers, as [field, column]: the row as a read of it would, or its id alone. */
  private answered(answer: Answer): [string, string][] {
    return Object.entries(answer === 'id' ? { id: 'id' } : this.res.readable);
  }

  /** What a write answers, as `RETURNING` columns. */
  private returned(answer: Answer) {
    return this.answered(answer).map(([field, column]) => sql.ref(column).as(field));
  }

  /** What a write with its revision answers, as columns of its written row `w`. */
  private answeredFromW(answer: Answer): RawBuilder<unknown> {
    return sql.join(
      this.answered(answer).map(([field, column]) => sql`${sql.ref(`w.${column}`)} AS ${sql.ref(field)}`),
    );
  }

  /** A statement compiled on this repo's handle. */
  private compilable(raw: RawBuilder<unknown>): Compilable<Row> {
    return { compile: () => raw.compile(this.db) as ReturnType<Compilable<Row>['compile']> };
  }

  /**
   * Inserts one row and answers it (or its id), in the same round trip. With an author, the same statement writes
   * the row's revision (its fields as set).
   */
  async insertReturning(values: Row, answer: Answer = 'row', author?: Author): Promise<Row> {
    const columns = toColumns(this.res, values);
    const names = Object.keys(columns);
    const insert = (author ? this.revisedInserts : this.inserts).of(
      `${answer}:${names.join(',')}`,
      (value) => {
        const write = this.db
          .insertInto(this.res.table)
          .values(Object.fromEntries(names.map((name, i) => [name, value(i)])));
        if (!author) {
          return write.returning(this.returned(answer));
        }
        const revision = revisionCtes(
          this.res,
          'create',
          authorStandIns(value, names.length),
          changesSql(this.res, trackedFields(this.res, columns), null),
          sql`w`,
        );
        return this.compilable(
          sql`WITH w AS (${write.returningAll()}), ${revision} SELECT ${this.answeredFromW(answer)} FROM w`,
        );
      },
    );
    const row = await insert.first(this.db, [
      ...names.map((name) => columns[name]),
      ...(author ? authorValues(author) : []),
    ]);
    if (!row) {
      throw new Error(`${this.res.table}: an insert answered no row`);
    }
    return row;
  }

  /**
   * Updates one of the tenant's live rows and answers it (or its id); undefined when there is no such row. With an
   * author, the same statement writes the row's revision: the fields whose value it changed, before and after.
   */
  async updateReturning(
    tenantId: string,
    id: string,
    values: Row,
    answer: Answer = 'row',
    author?: Author,
  ): Promise<Row | undefined> {
    const columns = toColumns(this.res, values);
    const names = Object.keys(columns);
    // Since PostgreSQL 18 the update itself answers the values it replaced: one scan of the row, no second lock.
    const old = author !== undefined && (await serverVersion(this.db)) >= RETURNING_OLD_SINCE;
    const update = (author ? this.revisedUpdates : this.updates).of(
      `${answer}:${old ? 'old' : 'locked'}:${names.join(',')}`,
      (value) => {
        const write = this.updateOne(
          value(0),
          value(1),
          Object.fromEntries(names.map((name, i) => [name, value(i + 2)])),
        );
        if (!author) {
          return write.returning(this.returned(answer));
        }
        const tracked = trackedFields(this.res, columns);
        const who = authorStandIns(value, names.length + 2);
        const answered = this.answeredFromW(answer);
        if (old) {
          const replaced = tracked.map((field) => {
            const column = this.res.fields[field]?.column ?? field;
            return sql`old.${sql.ref(column)} AS ${sql.ref(`${OLD_PREFIX}${column}`)}`;
          });
          const olds = replaced.length > 0 ? sql`, ${sql.join(replaced)}` : sql``;
          const revision = revisionCtes(
            this.res,
            'update',
            who,
            changesSql(this.res, tracked, (column) => `w.${OLD_PREFIX}${column}`),
            sql`w`,
          );
          return this.compilable(
            sql`WITH w AS (${write} RETURNING new.*${olds}), ${revision} SELECT ${answered} FROM w`,
          );
        }
        // The row as it was, locked before the update reads it (the update names it through `b`: a row the same
        // statement has already updated would not be locked, and so not read): a concurrent change commits first, and
        // this one then reads its result.
        let before = this.db.selectFrom(this.res.table).selectAll().where('id', '=', value(1));
        before = this.res.noAudit ? before : before.where('is_deleted', '=', 0);
        before = this.res.tenantScoped ? before.where('tenant_id', '=', value(0)) : before;
        const revision = revisionCtes(
          this.res,
          'update',
          who,
          changesSql(this.res, tracked, (column) => `b.${column}`),
          sql`w JOIN b ON b.id = w.id`,
        );
        return this.compilable(
          sql`WITH b AS (${before.forUpdate()}),
          w AS (${write.where(sql<boolean>`id = (SELECT b.id FROM b)`).returningAll()}), ${revision}
          SELECT ${answered} FROM w`,
        );
      },
    );
    return update.first(this.db, [
      tenantId,
      id,
      ...names.map((name) => columns[name]),
      ...(author ? authorValues(author) : []),
    ]);
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

  /**
   * Soft delete; returns how many of the ids were the tenant's live rows. With an author, the same statement writes
   * a revision of each row it removed.
   */
  async remove(tenantId: string, ids: string[], userId: string, author?: Author): Promise<number> {
    let q = this.db
      .updateTable(this.res.table)
      .set({ is_deleted: 1, update_user: userId, update_time: new Date() })
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0);
    if (this.res.tenantScoped) {
      q = q.where('tenant_id', '=', tenantId);
    }
    if (!author) {
      const result = await q.executeTakeFirst();
      return Number(result.numUpdatedRows);
    }
    const who = { ...author, requestId: author.requestId ?? null };
    const revision = revisionCtes(
      this.res,
      'delete',
      who,
      { changes: sql`'[]'::jsonb`, changed: sql`true` },
      sql`w`,
    );
    const counted = await sql<{ n: number }>`WITH w AS (${q.returning('id')}), ${revision}
      SELECT count(*)::int AS n FROM w`.execute(this.db);
    return counted.rows[0]?.n ?? 0;
  }
}
