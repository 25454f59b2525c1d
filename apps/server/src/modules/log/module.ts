import { apiLogResource, errorLogResource, usualLogResource } from '@yuan/contract';
import { resourceCruds } from '../../lib/crud/resource-cruds.ts';
import { defineModule } from '../../lib/module/module.ts';
import { systemModule } from '../system/index.ts';
import { ErrorLogRepo } from './error-log.repo.ts';
import { myLogRoutes } from './log.routes.ts';
import { LogService } from './log.service.ts';
import { UsualLogRepo } from './usual-log.repo.ts';

/** The API, usual and error logs: the writer every call's record goes through, and their screens. */
export const logModule = defineModule({
  name: 'log',
  needs: { system: systemModule },
  build({ db, database, counts }, { system }) {
    const logs = new LogService(database);
    const cruds = resourceCruds(
      { db, counts },
      [[apiLogResource], [usualLogResource], [errorLogResource]],
      system.dataScopes,
    );
    return {
      provides: { logs, errorLog: new ErrorLogRepo(db) },
      async register(app) {
        await cruds.register(app);
        await app.register(myLogRoutes(new UsualLogRepo(db)), { prefix: '/api/yuan-log/usual' });
      },
    };
  },
});
