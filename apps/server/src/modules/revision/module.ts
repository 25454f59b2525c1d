import { defineModule } from '../../lib/module/module.ts';
import { systemModule } from '../system/index.ts';
import { pruneByTenantDays } from '../../lib/retention.ts';
import { RevisionRepo } from './revision.repo.ts';
import { revisionRoutes } from './revision.routes.ts';
import { RevisionService } from './revision.service.ts';

/** The tenant parameter that says how many days revisions are kept, and its default. */
export const KEEP_PARAM = 'revision.keepDays';
export const KEEP_DAYS_DEFAULT = 180;
/** Old revisions go when the first process starts, then every six hours, by one process at a time. */
const SWEEP_MS = 6 * 3_600_000;

/** Revisions: the history of every row the generic CRUD changes (written by the CRUD itself, read here). */
export const revisionModule = defineModule({
  name: 'revision',
  needs: { system: systemModule },
  build({ db, database, jobs, restorers }, { system }) {
    const sweep = () => pruneByTenantDays(database, ['yuan_revision'], KEEP_PARAM, KEEP_DAYS_DEFAULT);
    jobs.every('revision-sweep', SWEEP_MS, sweep, { now: true, leaseSeconds: 30 * 60 });
    return {
      provides: { sweep },
      async register(app) {
        await app.register(
          revisionRoutes(new RevisionService(new RevisionRepo(db), restorers, system.perms)),
          {
            prefix: '/api/yuan-api',
          },
        );
      },
    };
  },
});
