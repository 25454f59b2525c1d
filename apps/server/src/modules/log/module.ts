import { apiLogResource, errorLogResource, usualLogResource } from '@yuan/contract';
import { resourceCruds } from '../../lib/crud/resource-cruds.ts';
import { defineModule } from '../../lib/module/module.ts';
import { systemModule } from '../system/index.ts';
import { ErrorLogRepo } from './error-log.repo.ts';
import { myLogRoutes } from './log.routes.ts';
import { LogService } from './log.service.ts';
import { UsualLogRepo } from './usual-log.repo.ts';

/** Old entries go when the first process starts, then every six hours, by one process at a time. */
const SWEEP_MS = 6 * 3_600_000;

/** The API, usual and error logs: the writer every call's record goes through, and their screens. */
export const logModule = defineModule({
  name: 'log',
  needs: { system: systemModule },
  build({ db, database, counts, jobs, restorers }, { system }) {
    const logs = new LogService(database);
    // A first sweep after a long pause deletes months of entries: it may take minutes.
    jobs.every('log-sweep', SWEEP_MS, () => logs.sweep(), { now: true, leaseSeconds: 30 * 60 });
    const cruds = resourceCruds(
      { db, counts, restorers },
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
