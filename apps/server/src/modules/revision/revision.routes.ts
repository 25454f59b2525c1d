import { idString, pageQuery } from '@yuan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { resourceOfCode } from './resource-codes.ts';
import type { RevisionService } from './revision.service.ts';

/** A resource's code as data scopes name it: a plain resource's name, or `ent_<entity id>` for an entity's rows. */
const resourceCode = z.string().regex(/^(ent_[0-9]{1,19}|[a-z][A-Za-z0-9]{0,63})$/, 'resource');
const listQuery = pageQuery
  .pick({ current: true, size: true })
  .extend({ resource: resourceCode, id: idString })
  .strict();

/** `revision/list`: a row's history, to whoever may open the screen of its resource; `revision/restore`: a way back. */
export function revisionRoutes(revisions: RevisionService) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/revision/list',
      {
        config: {
          perm: (request: FastifyRequest) =>
            resourceOfCode((request.query as { resource?: unknown }).resource)?.screens ?? [],
        },
        schema: { tags: ['revision'], querystring: listQuery },
      },
      async (request) => ok(request.lang, await revisions.list(caller(request), request.query)),
    );
    // The edit button of the revision's resource is checked once the revision is found (its resource is stored).
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/revision/restore',
        { schema: { tags: ['revision'], body: z.strictObject({ id: idString }) } },
        async (request) => ok(request.lang, await revisions.restore(caller(request), request.body.id)),
      );
  };
}
