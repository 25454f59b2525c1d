import { helpVideoResource } from '@yuan/contract';
import { resourceCruds } from '../../lib/crud/resource-cruds.ts';
import { defineModule } from '../../lib/module/module.ts';
import { systemModule } from '../system/index.ts';
import { HelpRepo } from './help.repo.ts';
import { helpRoutes } from './help.routes.ts';
import { helpVideoRules } from './help.rules.ts';
import { HelpService } from './help.service.ts';

/** Help: the help videos and their player's list. */
export const helpModule = defineModule({
  name: 'help',
  needs: { system: systemModule },
  build({ db, counts, restorers }, { system }) {
    const cruds = resourceCruds(
      { db, counts, restorers },
      [[helpVideoResource, helpVideoRules]],
      system.dataScopes,
    );
    return {
      provides: {},
      async register(app) {
        await app.register(helpRoutes(new HelpService(new HelpRepo(db))), { prefix: '/api/yuan-api' });
        await cruds.register(app);
      },
    };
  },
});
