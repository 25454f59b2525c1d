import { i18nResource } from '@yuan/contract';
import { CrudRepo } from '../../lib/crud/crud.repo.ts';
import { CrudService } from '../../lib/crud/crud.service.ts';
import { defineModule } from '../../lib/module/module.ts';
import { I18nRepo } from './i18n.repo.ts';
import { i18nRoutes } from './i18n.routes.ts';
import { I18nService } from './i18n.service.ts';

/** Language texts: the generic CRUD with the texts' own rules, and the calls the web client makes. */
export const i18nModule = defineModule({
  name: 'i18n',
  build({ database, db, counts, caches, restorers }) {
    const service = new I18nService(new I18nRepo(db), database, caches);
    const crud = new CrudService(
      i18nResource,
      new CrudRepo(db, i18nResource, null, true),
      counts,
      service.rules(),
    );
    restorers.crud(i18nResource, crud);
    return {
      provides: {},
      async register(app) {
        await app.register(i18nRoutes(crud, service), { prefix: i18nResource.basePath });
      },
    };
  },
});
