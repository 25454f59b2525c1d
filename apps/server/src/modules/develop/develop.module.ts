import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Kdb } from '../../db/index.ts';
import type { CrudService } from '../../lib/crud/crud.service.ts';
import type { Egress } from '../../lib/egress/egress.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { ErdRepo } from '../lowcode/erd/erd.repo.ts';
import { erdRoutes } from '../lowcode/erd/erd.routes.ts';
import { sqlEditRoutes } from '../lowcode/sql/sql-edit.routes.ts';
import type { SqlEditService } from '../lowcode/sql/sql-edit.service.ts';
import { reportRoutes } from '../report/report.routes.ts';
import { ReportService } from '../report/report.service.ts';
import { codeRoutes } from './code/code.routes.ts';
import { CodeService } from './code/code.service.ts';
import { datasourceToolsRoutes } from './datasource/datasource-tools.routes.ts';
import { DatasourceToolsService } from './datasource/datasource-tools.service.ts';

export interface DevelopDeps {
  /** The generic CRUDs of reports and code generator records (list, detail, submit, remove are their routes). */
  reports: CrudService;
  codes: CrudService;
  config: Pick<Config, 'datasourceAllow'>;
  database: Database;
  db: Kdb;
  box: SecretBox;
  sqlEdit: SqlEditService;
  /** The egress guard; datasources also reach what DATASOURCE_ALLOW names. */
  egress: Egress;
}

/** The builders' tools: SQL editor, ER diagram layout, datasource tools, code generator and reports. */
export function developModule(deps: DevelopDeps) {
  const { database, db } = deps;
  const { sqlEdit } = deps;
  const reports = new ReportService(deps.reports, sqlEdit);
  const datasources = new DatasourceToolsService(
    database,
    db,
    deps.box,
    deps.egress.widen(deps.config.datasourceAllow),
  );

  const codes = new CodeService(deps.codes, database, db, datasources);

  async function register(app: FastifyInstance): Promise<void> {
    await app.register(sqlEditRoutes(sqlEdit), { prefix: '/api/yuan-api' });
    await app.register(erdRoutes(new ErdRepo(db)), { prefix: '/api/yuan-api' });
    await app.register(datasourceToolsRoutes(datasources), { prefix: '/api/yuan-develop/datasource' });
    await app.register(reportRoutes(reports), { prefix: '/api/yuan-report/report/rest' });
    await app.register(codeRoutes(codes), { prefix: '/api/yuan-develop/code' });
  }

  return { sqlEdit, datasources, reports, register };
}
