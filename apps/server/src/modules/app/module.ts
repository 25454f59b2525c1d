import { defineModule } from '../../lib/module/module.ts';
import { appDownloadRoutes } from './app-download.routes.ts';
import { AppDownloadService } from './app-download.service.ts';

/** The mobile app's download page. */
export const appModule = defineModule({
  name: 'app',
  build({ database }) {
    return {
      provides: {},
      async register(app) {
        await app.register(appDownloadRoutes(new AppDownloadService(database)), {
          prefix: '/api/cors/oauth',
        });
      },
    };
  },
});
