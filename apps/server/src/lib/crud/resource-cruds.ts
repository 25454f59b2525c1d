import type { Resource } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { Ground } from '../module/module.ts';
import { CrudRepo } from './crud.repo.ts';
import { crudRoutes } from './crud.routes.ts';
import { CrudService, type ResourceRules, type RowScopes } from './crud.service.ts';

/** A plain resource of a module: its contract and the rules the module adds to the generic CRUD. */
export type ResourceEntry = readonly [Resource, ResourceRules?];

export interface ResourceCruds {
  /** The generic service of each resource, by its name. */
  of(name: string): CrudService;
  /** Mounts list, detail, submit and remove of each resource at its base path. */
  register(app: FastifyInstance): Promise<void>;
}

/** The generic CRUD of a module's plain resources, limited by the callers' data scopes when given. */
export function resourceCruds(
  ground: Pick<Ground, 'db' | 'counts' | 'restorers'>,
  entries: readonly ResourceEntry[],
  scopes?: RowScopes,
): ResourceCruds {
  const services = new Map<string, { res: Resource; service: CrudService }>();
  for (const [res, rules] of entries) {
    const repo = new CrudRepo(ground.db, res, null, true);
    const service = new CrudService(res, repo, ground.counts, rules, scopes);
    services.set(res.name, { res, service });
    ground.restorers.crud(res, service);
  }
  return {
    of(name) {
      const found = services.get(name);
      if (!found) {
        throw new Error(`no resource ${name} here`);
      }
      return found.service;
    },
    async register(app) {
      for (const { res, service } of services.values()) {
        await app.register(crudRoutes(res, service), { prefix: res.basePath });
      }
    },
  };
}
