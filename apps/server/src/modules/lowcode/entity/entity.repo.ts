import type { Element } from '@yuan/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../../db/index.ts';
import { containing } from '../../../lib/like.ts';
import type { LiveColumn } from './ddl-plan.ts';

/** What a save writes: the definition's own fields. */
export interface EntityValues {
  entNo: string;
  entName: string;
  parentEntId: string | null;
  treeField: string;
  remark: string;
  elements: Element[];
  userId: string;
}

export type EntityRow = Omit<EntityValues, 'userId'> & {
  id: string;
  tenantId: string;
  version: number;
  synced: Element[] | null;
  syncedVersion: number;
  createTime: Date;
  updateTime: Date;
};

/** SQL of entity definitions, their versions and their tables' live columns. */
export class EntityRepo {
  constructor(private readonly db: Kdb) {}

  private select() {
    return this.db
      .selectFrom('yuan_dt_entity')
      .where('is_deleted', '=', 0)
      .select([
        'id',
        'tenant_id as tenantId',
        'ent_no as entNo',
        'ent_name as entName',
        'parent_ent_id as parentEntId',
        'tree_field as treeField',
        'remark',
        'elements',
        'version',
        'synced',
        'synced_version as syncedVersion',
        'create_time as createTime',
        'update_time as updateTime',
      ]);
  }

  async page(search: { entNo?: string; entName?: string }, size: number, offset: number) {
    let q = this.select();
    if (search.entNo) {
      q = q.where(sql<boolean>`ent_no ILIKE ${containing(search.entNo)}`);
    }
    if (search.entName) {
      q = q.where(sql<boolean>`ent_name ILIKE ${containing(search.entName)}`);
    }
    const [rows, total] = await Promise.all([
      q.orderBy('id', 'desc').limit(size).offset(offset).execute(),
      q.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as EntityRow[], total: Number(total.n) };
  }

  async all(): Promise<EntityRow[]> {
    return (await this.select().orderBy('id').limit(5_000).execute()) as EntityRow[];
  }

  async find(id: string): Promise<EntityRow | undefined> {
    return (await this.select().where('id', '=', id).executeTakeFirst()) as EntityRow | undefined;
  }

  async findByNo(entNo: string): Promise<EntityRow | undefined> {
    return (await this.select().where('ent_no', '=', entNo).executeTakeFirst()) as EntityRow | undefined;
  }

  /** The version a definition's table is at: the cheap read that tells a cached definition from a stale one. */
  async syncedVersion(id: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('yuan_dt_entity')
      .select('synced_version')
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row?.synced_version;
  }

  async insert(
    values: EntityValues & { id: string; tenantId: string; deptId: string | null },
  ): Promise<void> {
    await this.db
      .insertInto('yuan_dt_entity')
      .values({
        tenant_id: values.tenantId,
        id: values.id,
        ...columnsOf(values),
        version: 1,
        create_user: values.userId,
        create_dept: values.deptId,
        update_user: values.userId,
      })
      .execute();
  }

  /** Saves a new version of the definition; false when the row is gone or another save came first. */
  async update(id: string, expectedVersion: number, values: EntityValues): Promise<boolean> {
    const r = await this.db
      .updateTable('yuan_dt_entity')
      .set({
        ...columnsOf(values),
        version: expectedVersion + 1,
        update_user: values.userId,
        update_time: new Date(),
      })
      .where('id', '=', id)
      .where('version', '=', expectedVersion)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async markSynced(id: string, elements: Element[], version: number): Promise<void> {
    await this.db
      .updateTable('yuan_dt_entity')
      .set({ synced: JSON.stringify(elements), synced_version: version })
      .where('id', '=', id)
      .execute();
  }

  async remove(id: string, userId: string): Promise<void> {
    await this.db
      .updateTable('yuan_dt_entity')
      .set({ is_deleted: 1, update_user: userId, update_time: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Live entities whose definition refers to one of these (as parent or by a reference field). */
  async referrers(ids: string[]): Promise<{ entNo: string }[]> {
    return this.db
      .selectFrom('yuan_dt_entity')
      .select('ent_no as entNo')
      .where('is_deleted', '=', 0)
      .where('id', 'not in', ids)
      .where(
        sql<boolean>`(parent_ent_id::text = ANY (${sql.val(ids)}::text[]) OR EXISTS (
          SELECT 1 FROM jsonb_array_elements(elements) e WHERE e->>'refEntId' = ANY (${sql.val(ids)}::text[])))`,
      )
      .execute();
  }

  /** Live entities with an element made from this element definition. */
  async usingDefinition(defNo: string): Promise<{ entNo: string }[]> {
    return this.db
      .selectFrom('yuan_dt_entity')
      .select('ent_no as entNo')
      .where('is_deleted', '=', 0)
      .where(
        sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements(elements) e WHERE e->>'defNo' = ${defNo})`,
      )
      .execute();
  }

  /** The columns of a table as the DDL writer spells their types; null when there is no such table. */
  async liveColumns(table: string): Promise<LiveColumn[] | null> {
    // Raw: the system catalogue (pg_attribute), which the generated schema does not type.
    const r = await sql<{ name: string; type: string }>`
      SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
      FROM pg_attribute a
      WHERE a.attrelid = to_regclass(${table}) AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`.execute(this.db);
    if (r.rows.length === 0) {
      return null;
    }
    return r.rows.map((c) => ({ name: c.name, type: spelled(c.type) }));
  }

  /** The names of a table's indexes. */
  async liveIndexes(table: string): Promise<Set<string>> {
    // Raw: the system catalogue (pg_index), which the generated schema does not type.
    const r = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = to_regclass(${table})`.execute(this.db);
    return new Set(r.rows.map((row) => row.name));
  }

  /** Whether the database has trigram matching (migration 0039 installs it where the server allows). */
  async hasTrigram(): Promise<boolean> {
    // Raw: the system catalogue (pg_extension), which the generated schema does not type.
    const r = await sql<{ found: boolean }>`
      SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS found`.execute(this.db);
    return r.rows[0]?.found === true;
  }

  /** The application's tables with their column counts. */
  async tables(): Promise<{ name: string; columns: number }[]> {
    // Raw: the system catalogue (pg_class, pg_attribute), which the generated schema does not type.
    const r = await sql<{ name: string; columns: number }>`
      SELECT c.relname AS name,
             (SELECT count(*)::int FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname LIKE 'yuan\_%'
      ORDER BY c.relname`.execute(this.db);
    return r.rows;
  }

  /** Runs a statement built by the DDL plan (identifiers checked there; no user value inside). */
  async execute(statement: string): Promise<void> {
    await sql.raw(statement).execute(this.db);
  }

  async countOf(statement: string): Promise<number> {
    const r = await sql.raw<{ n: string }>(statement).execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** One entity's DDL at a time, across processes, until the unit commits. */
  async lock(id: string): Promise<void> {
    // Raw: a lock function called for its effect, no table to query.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`yuan_ent_${id}`}, 0))`.execute(this.db);
  }

  async addVersion(v: {
    id: string;
    tenantId: string;
    kind: 'entity' | 'page' | 'grid';
    targetId: string;
    version: number;
    body: unknown;
    diff: unknown[];
    userId: string;
  }): Promise<void> {
    await this.db
      .insertInto('yuan_dt_version')
      .values({
        tenant_id: v.tenantId,
        id: v.id,
        kind: v.kind,
        target_id: v.targetId,
        version: v.version,
        body: JSON.stringify(v.body),
        diff: JSON.stringify(v.diff),
        create_user: v.userId,
      })
      .execute();
  }

  async version(
    id: string,
  ): Promise<{ kind: string; targetId: string; version: number; body: unknown } | undefined> {
    return this.db
      .selectFrom('yuan_dt_version')
      .select(['kind', 'target_id as targetId', 'version', 'body'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async versions(kind: string, targetId: string, size: number, offset: number) {
    const q = this.db
      .selectFrom('yuan_dt_version as v')
      .leftJoin('yuan_user as u', (j) =>
        j.onRef('u.id', '=', 'v.create_user').onRef('u.tenant_id', '=', 'v.tenant_id'),
      )
      .where('v.kind', '=', kind)
      .where('v.target_id', '=', targetId);
    const [rows, total] = await Promise.all([
      q
        .select([
          'v.id',
          'v.version',
          'v.diff',
          'v.body',
          'v.create_user as createUser',
          'u.real_name as createUserName',
          'v.create_time as createTime',
        ])
        .orderBy('v.version', 'desc')
        .limit(size)
        .offset(offset)
        .execute(),
      q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }
}

const columnsOf = (v: EntityValues) => ({
  ent_no: v.entNo,
  ent_name: v.entName,
  parent_ent_id: v.parentEntId,
  tree_field: v.treeField,
  remark: v.remark,
  elements: JSON.stringify(v.elements),
});

/** format_type's spelling → the DDL writer's. */
function spelled(type: string): string {
  const varchar = /^character varying\((\d+)\)$/.exec(type);
  if (varchar) {
    return `varchar(${varchar[1]})`;
  }
  return type === 'timestamp with time zone' ? 'timestamptz' : type;
}
