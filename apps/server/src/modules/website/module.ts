import { defineModule } from '../../lib/module/module.ts';
import { WebsiteRepo } from './website.repo.ts';
import { websiteRoutes } from './website.routes.ts';
import { WebsiteService } from './website.service.ts';

/** The public website's settings. */
export const websiteModule = defineModule({
  name: 'website',
  build({ db }) {
    return {
      provides: {},
      async register(app) {
        await app.register(websiteRoutes(new WebsiteService(new WebsiteRepo(db))), {
          prefix: '/api/yuan-api/website',
        });
      },
    };
  },
});
