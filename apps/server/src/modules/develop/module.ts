import { codeResource, datasourceResource } from '@yuan/contract';
import { resourceCruds } from '../../lib/crud/resource-cruds.ts';
import { sealedFields } from '../../lib/crud/sealed-fields.ts';
import { defineModule } from '../../lib/module/module.ts';
import { systemModule } from '../system/index.ts';
import { codeRoutes } from './code/code.routes.ts';
import { CodeService } from './code/code.service.ts';
import { datasourceToolsRoutes } from './datasource/datasource-tools.routes.ts';
import { DatasourceToolsService } from './datasource/datasource-tools.service.ts';

/** The developers' tools: datasources (and what they reach beyond the egress guard) and the code generator. */
export const developModule = defineModule({
  name: 'develop',
  needs: { system: systemModule },
  build({ config, database, db, counts, box, egress, restorers }, { system }) {
    const cruds = resourceCruds(
      { db, counts, restorers },
      [[datasourceResource, sealedFields(box, ['password'])], [codeResource]],
      system.dataScopes,
    );
    // Datasources also reach what DATASOURCE_ALLOW names.
    const datasources = new DatasourceToolsService(database, db, box, egress.widen(config.datasourceAllow));
    const codes = new CodeService(cruds.of('code'), database, db, datasources);
    return {
      provides: {},
      async register(app) {
        await cruds.register(app);
        await app.register(datasourceToolsRoutes(datasources), { prefix: '/api/yuan-develop/datasource' });
        await app.register(codeRoutes(codes), { prefix: '/api/yuan-develop/code' });
      },
    };
  },
});
