import { eleDefResource, gridResource, mindmapResource, pageResource } from '@yuan/contract';
import { CrudRepo } from '../../lib/crud/crud.repo.ts';
import { CrudService } from '../../lib/crud/crud.service.ts';
import { resourceCruds } from '../../lib/crud/resource-cruds.ts';
import { defineModule } from '../../lib/module/module.ts';
import { systemModule } from '../system/index.ts';
import { designRoutes } from './design/design.routes.ts';
import { type DesignKind, DesignService, designRules } from './design/design.service.ts';
import { elementRoutes } from './element/element.routes.ts';
import { elementRules } from './element/element.rules.ts';
import { entityDataRoutes, type InScope } from './entity/data.routes.ts';
import { DdlService } from './entity/ddl.service.ts';
import { EntityRepo } from './entity/entity.repo.ts';
import { entityRoutes } from './entity/entity.routes.ts';
import { EntityService } from './entity/entity.service.ts';
import { EntityDataService, entityDefinitions } from './entity/entity-data.service.ts';
import { EntityVersions } from './entity/entity-versions.ts';
import { EntityExcel } from './entity/entity-excel.ts';
import { ErdRepo } from './erd/erd.repo.ts';
import { erdRoutes } from './erd/erd.routes.ts';
import { sqlEditRoutes } from './sql/sql-edit.routes.ts';
import { SqlEditService } from './sql/sql-edit.service.ts';

/** The low-code builder: entities and their tables and rows, element definitions, pages, grids, ER, SQL, mind maps. */
export const lowcodeModule = defineModule({
  name: 'lowcode',
  needs: { system: systemModule },
  build({ config, database, db, counts, caches, restorers }, { system }) {
    const entityRepo = new EntityRepo(db);
    const eleDefRepo = new CrudRepo(db, eleDefResource, null, true);
    const eleDefs = new CrudService(
      eleDefResource,
      eleDefRepo,
      counts,
      elementRules(entityRepo, () => eleDefRepo),
    );
    const entityVersions = new EntityVersions(entityRepo, caches);
    const entityData = new EntityDataService(
      db,
      entityRepo,
      counts,
      entityDefinitions(caches, 'lowcode.entityDefinitions'),
      entityVersions,
      system.dataScopes,
      system.bizDicts,
    );
    const designs = ([pageResource, gridResource] as const).map((res) => {
      const kind = res.name as DesignKind;
      const repo = new CrudRepo(db, res, null, true);
      const crud = new CrudService(res, repo, counts, designRules(kind, entityRepo), system.dataScopes);
      return new DesignService(kind, res, crud, repo, db, entityRepo);
    });
    restorers.crud(eleDefResource, eleDefs);
    restorers.family((code) => entityData.restorerOf(code));
    for (const design of designs) {
      restorers.crud(design.res, design.crud);
    }
    const designOf = (kind: DesignKind) => designs.find((d) => d.kind === kind) as DesignService;
    const ddl = new DdlService(entityRepo, (entId) => entityData.forget(entId));
    const entities = new EntityService(entityRepo, ddl, {
      elementDefExists: (tenantId, defNo) => eleDefRepo.taken(tenantId, 'defNo', defNo),
      dictExists: async (ctx, code) => (await system.bizDicts.dictionary(ctx, code)).length > 0,
      designFound: (ctx, kind, id) => designOf(kind).crud.detail(ctx, id),
      designRestore: (ctx, kind, id, body) => designOf(kind).crud.submit(ctx, { ...body, id }),
    });
    // The SQL editor's runner: reports are checked by it when saved and run through it.
    const sqlEdit = new SqlEditService(db, entityRepo, config.sql);
    const inScope: InScope = async (ctx, fn) =>
      database.run({ tenantId: ctx.tenantId, timeZone: await system.zones.zoneOf(ctx.tenantId) }, fn);
    const cruds = resourceCruds({ db, counts, restorers }, [[mindmapResource]], system.dataScopes);
    return {
      provides: {
        entities,
        entityRepo,
        entityVersions,
        entityData,
        ddl,
        grids: designOf('grid'),
        designOf,
        sqlEdit,
        inScope,
      },
      async register(app) {
        await cruds.register(app);
        await app.register(elementRoutes(eleDefs), { prefix: '/api/yuan-api' });
        await app.register(entityRoutes(entities, ddl, eleDefs), { prefix: '/api/yuan-api' });
        await app.register(entityDataRoutes(entityData, new EntityExcel(entityData), inScope), {
          prefix: '/api/yuan-api',
        });
        for (const design of designs) {
          await app.register(designRoutes(design, entityData), { prefix: '/api/yuan-api' });
        }
        await app.register(sqlEditRoutes(sqlEdit), { prefix: '/api/yuan-api' });
        await app.register(erdRoutes(new ErdRepo(db)), { prefix: '/api/yuan-api' });
      },
    };
  },
});
