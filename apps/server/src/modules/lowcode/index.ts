/** The low-code module's public face. */
export { lowcodeModule } from './module.ts';
export type { DesignService } from './design/design.service.ts';
export { exportAnswer, importAnswer, type InScope } from './entity/data.routes.ts';
export type { DdlService } from './entity/ddl.service.ts';
export type { EntityRepo } from './entity/entity.repo.ts';
export type { EntityService } from './entity/entity.service.ts';
export { EntityDataService, entityDefinitions } from './entity/entity-data.service.ts';
export { EntityExcel } from './entity/entity-excel.ts';
export type { EntityVersions } from './entity/entity-versions.ts';
export type { LinkProblem } from './entity/entity-links.ts';
export type { SqlEditService } from './sql/sql-edit.service.ts';
