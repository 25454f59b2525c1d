import { defineModule } from '../../lib/module/module.ts';
import { RevisionRepo } from './revision.repo.ts';
import { revisionRoutes } from './revision.routes.ts';
import { RevisionService } from './revision.service.ts';

/** Revisions: the history of every row the generic CRUD changes (written by the CRUD itself, read here). */
export const revisionModule = defineModule({
  name: 'revision',
  build({ db }) {
    return {
      provides: {},
      async register(app) {
        await app.register(revisionRoutes(new RevisionService(new RevisionRepo(db))), {
          prefix: '/api/yuan-api',
        });
      },
    };
  },
});
