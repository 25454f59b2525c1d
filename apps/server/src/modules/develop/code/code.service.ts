import { CompiledQuery } from 'kysely';
import JSZip from 'jszip';
import type { Database, Kdb } from '../../../db/index.ts';
import type { CrudService } from '../../../lib/crud/crud.service.ts';
import { AppError } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../types.ts';
import {
  type ColumnInfo,
  type DatasourceToolsService,
  readColumns,
} from '../datasource/datasource-tools.service.ts';
import { type CodeRecord, generateModule } from './code-templates.ts';

const COLUMN = /^[a-z_][a-z0-9_]{0,62}$/;

/** code/copy and code/gen-code: the records themselves are the generic CRUD's. */
export class CodeService {
  constructor(
    private readonly crud: CrudService,
    private readonly database: Database,
    private readonly db: Kdb,
    private readonly datasources: DatasourceToolsService,
  ) {}

  private record(ctx: AuthContext, id: string) {
    return this.database.run({ tenantId: ctx.tenantId }, () => this.crud.detail(ctx, id));
  }

  async copy(ctx: AuthContext, id: string) {
    const { id: _id, createTime, updateTime, ...rest } = await this.record(ctx, id);
    return this.database.run({ tenantId: ctx.tenantId }, () =>
      this.crud.submit(ctx, { ...rest, codeName: `${String(rest.codeName).slice(0, 59)}_copy` }),
    );
  }

  /** One zip of the generated modules of `ids`, each under its own paths. */
  async generate(ctx: AuthContext, ids: string[]): Promise<{ name: string; body: Buffer }> {
    const zip = new JSZip();
    for (const id of ids) {
      const row = await this.record(ctx, id);
      const record: CodeRecord = {
        codeName: String(row.codeName),
        tableName: String(row.tableName),
        tablePrefix: String(row.tablePrefix ?? ''),
        resourceName: String(row.resourceName),
        apiPath: String(row.apiPath),
        menuParent: String(row.menuParent ?? ''),
        tenantScoped: row.tenantScoped !== false,
      };
      const datasourceId =
        typeof row.datasourceId === 'string' && row.datasourceId !== '' ? row.datasourceId : null;
      const columns = await this.columns(ctx, datasourceId, record.tableName);
      const bad = columns.find((c) => !COLUMN.test(c.name));
      if (bad) {
        throw new AppError(400, 'code.column', { name: bad.name });
      }
      const files = generateModule(record, columns);
      for (const [path, text] of Object.entries(files)) {
        zip.file(ids.length > 1 ? `${record.resourceName}/${path}` : path, text);
      }
    }
    const body = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    return { name: 'yuan-code.zip', body };
  }

  /** The table's columns from its datasource, or from the app's own database when none is named. */
  private async columns(ctx: AuthContext, datasourceId: string | null, table: string): Promise<ColumnInfo[]> {
    if (datasourceId) {
      return this.datasources.withClient(ctx.tenantId, datasourceId, (client) =>
        readColumns(async (text, params) => (await client.query(text, params)).rows, 'public', table),
      );
    }
    return this.database.run({ tenantId: ctx.tenantId }, () =>
      readColumns(
        async (text, params) =>
          (await this.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params))).rows,
        'public',
        table,
      ),
    );
  }
}
