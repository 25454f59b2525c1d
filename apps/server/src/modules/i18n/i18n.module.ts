import { i18nResource } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Kdb } from '../../db/index.ts';
import { CrudRepo } from '../../lib/crud/crud.repo.ts';
import { CrudService } from '../../lib/crud/crud.service.ts';
import type { ListCache } from '../../lib/crud/list-cache.ts';
import { I18nRepo } from './i18n.repo.ts';
import { i18nRoutes } from './i18n.routes.ts';
import { I18nService } from './i18n.service.ts';

/** Language texts: the generic CRUD with the texts' own rules, and the calls the web client makes. */
export function i18nModule(database: Database, db: Kdb, counts: ListCache) {
  const service = new I18nService(new I18nRepo(db), database);
  const crud = new CrudService(
    i18nResource,
    new CrudRepo(db, i18nResource, null, true),
    counts,
    service.rules(),
  );
  return async (app: FastifyInstance) => {
    await app.register(i18nRoutes(crud, service), { prefix: i18nResource.basePath });
  };
}
