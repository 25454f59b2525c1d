import { idString, type Resource } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Kdb } from '../../db/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { EnableRepo } from './enable.repo.ts';
import { enableOne } from './enable.service.ts';

/** POST enable?id=: makes one configuration the tenant's only enabled one (storage, SMS). */
export function enableRoutes(res: Resource, db: Kdb, onChange: () => void = () => undefined) {
  const repo = new EnableRepo(db, res);
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/enable',
      {
        config: { perm: `${res.perm}_enable` },
        schema: {
          tags: [res.name],
          querystring: z.strictObject({ id: idString.optional() }),
          body: z.strictObject({ id: idString }).nullish(),
        },
      },
      async (request) => {
        const id = request.body?.id ?? request.query.id;
        if (!id) {
          throw badRequest('error.missingParam', { name: 'id' });
        }
        await enableOne(repo, caller(request), id, onChange);
        return ok(request.lang, true);
      },
    );
  };
}
