import type { AppImportRecord } from '@yuan/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';

/** A row of a part's table with the text an import searches for references in. */
export interface Candidate {
  id: string;
  key: string;
  text: string;
}

/**
 * Which rows make up an application, found by their links (an entity's forms, grids and triggers) and by what
 * their text names (a service's code, a model's XML, a report's SQL); and the import history. SQL only, in the
 * caller's tenant scope. The rows themselves are read and written through their owners.
 */
export class PackageRepo {
  constructor(private readonly db: Kdb) {}

  designIds(table: 'yuan_dt_page' | 'yuan_dt_grid', entIds: string[]) {
    return this.db
      .selectFrom(table)
      .select('id')
      .where('ent_id', 'in', entIds)
      .where('is_deleted', '=', 0)
      .orderBy('id')
      .execute();
  }

  eleDefIds(defNos: string[]) {
    return this.db
      .selectFrom('yuan_dt_ele_def')
      .select('id')
      .where('def_no', 'in', defNos)
      .where('is_deleted', '=', 0)
      .orderBy('id')
      .execute();
  }

  triggers(resources: string[]) {
    return this.db
      .selectFrom('yuan_trigger')
      .select(['id', 'name', 'resource', 'events', 'fields', 'condition', 'action', 'enabled'])
      .where('resource', 'in', resources)
      .where('is_deleted', '=', 0)
      .orderBy('id')
      .execute();
  }

  services() {
    return this.db
      .selectFrom('yuan_script_service')
      .select([
        'id',
        'parent_id',
        'kind',
        'name',
        'path',
        sql<string>`coalesce(code, '') || ' ' || coalesce(params_schema::text, '')`.as('text'),
      ])
      .where('is_deleted', '=', 0)
      .orderBy('id')
      .execute();
  }

  async models(): Promise<Candidate[]> {
    const rows = await this.db
      .selectFrom('yuan_flow_model')
      .select(['id', 'model_key', 'xml'])
      .where('is_deleted', '=', 0)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, key: r.model_key, text: r.xml }));
  }

  async reports(): Promise<Candidate[]> {
    const rows = await this.db
      .selectFrom('yuan_report')
      .select(['id', 'name', 'query_sql'])
      .where('is_deleted', '=', 0)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, key: r.name, text: r.query_sql }));
  }

  async mindmaps(): Promise<Candidate[]> {
    const rows = await this.db
      .selectFrom('yuan_mindmap')
      .select(['id', 'name', sql<string>`coalesce(data::text, '')`.as('text')])
      .where('is_deleted', '=', 0)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, key: r.name, text: r.text }));
  }

  /** Menu rows (platform-wide) whose route names one of these ids. */
  async menus(ids: string[]) {
    if (ids.length === 0) {
      return [];
    }
    const rows = await this.db
      .selectFrom('yuan_menu')
      .select(['id', 'path', 'name', 'name_en', 'code', 'source', 'sort', 'parent_id', 'category', 'hidden'])
      .where('is_deleted', '=', 0)
      .where('path', '~', `/(${ids.join('|')})(/|$)`)
      .orderBy('id')
      .execute();
    return rows;
  }

  /** The target's row of a part with this natural key (`column` is the spec's, a fixed name). */
  async idByKey(
    table: string,
    column: string,
    key: string,
    extra?: [string, string],
  ): Promise<string | undefined> {
    const r = await sql<{ id: string }>`SELECT id FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${key}
      ${extra ? sql`AND ${sql.ref(extra[0])} = ${extra[1]}` : sql``} AND is_deleted = 0 ORDER BY id LIMIT 1`.execute(
      this.db,
    );
    return r.rows[0]?.id;
  }

  /** A point in the caller's unit that a refused part's writes are rolled back to (the preview goes on past it). */
  async savepoint(): Promise<void> {
    await sql`SAVEPOINT app_package_part`.execute(this.db);
  }

  async rollbackToSavepoint(): Promise<void> {
    await sql`ROLLBACK TO SAVEPOINT app_package_part`.execute(this.db);
  }

  async releaseSavepoint(): Promise<void> {
    await sql`RELEASE SAVEPOINT app_package_part`.execute(this.db);
  }

  addImport(row: {
    id: string;
    tenantId: string;
    fileName: string;
    checksum: string;
    sourceTenant: string;
    counts: { created: number; updated: number; unchanged: number; rows: number };
    userId: string;
  }) {
    return this.db
      .insertInto('yuan_app_import')
      .values({
        id: row.id,
        tenant_id: row.tenantId,
        file_name: row.fileName.slice(0, 255),
        checksum: row.checksum,
        source_tenant: row.sourceTenant.slice(0, 12),
        ...row.counts,
        create_user: row.userId,
      })
      .execute();
  }

  async history(
    tenantId: string,
    size: number,
    offset: number,
  ): Promise<{ records: AppImportRecord[]; total: number }> {
    const rows = await this.db
      .selectFrom('yuan_app_import as i')
      .leftJoin('yuan_user as u', (j) =>
        j.onRef('u.id', '=', 'i.create_user').onRef('u.tenant_id', '=', 'i.tenant_id'),
      )
      .select([
        'i.id',
        'i.file_name',
        'i.checksum',
        'i.source_tenant',
        'i.created',
        'i.updated',
        'i.unchanged',
        'i.rows',
        'i.create_time',
        'u.real_name',
        'u.account',
      ])
      .where('i.tenant_id', '=', tenantId)
      .orderBy('i.id', 'desc')
      .limit(size)
      .offset(offset)
      .execute();
    const total = await this.db
      .selectFrom('yuan_app_import')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    return {
      total: Number(total.n),
      records: rows.map((r) => ({
        id: r.id,
        fileName: r.file_name,
        checksum: r.checksum,
        sourceTenant: r.source_tenant,
        created: r.created,
        updated: r.updated,
        unchanged: r.unchanged,
        rows: r.rows,
        userName: r.real_name || r.account || '',
        createTime: new Date(r.create_time).toISOString(),
      })),
    };
  }
}
