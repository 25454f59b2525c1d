import { idString, type Resource } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Kdb } from '../../db/index.ts';
import { afterCommit } from '../../db/scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';

type AnyDB = Record<string, Record<string, unknown>>;
export const ENABLED = 1;
export const DISABLED = 2;

/** POST enable?id=: makes one configuration the tenant's only enabled one (storage, SMS). */
export function enableRoutes(res: Resource, db: Kdb, onChange: () => void = () => undefined) {
  const anyDb = db as unknown as Kysely<AnyDB>;
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
        const ctx = caller(request);
        const id = request.body?.id ?? request.query.id;
        if (!id) {
          throw badRequest('error.missingParam', { name: 'id' });
        }
        const row = await anyDb
          .selectFrom(res.table)
          .select('id')
          .where('tenant_id', '=', ctx.tenantId)
          .where('id', '=', id)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (!row) {
          throw notFound();
        }
        await anyDb
          .updateTable(res.table)
          .set({ status: DISABLED })
          .where('tenant_id', '=', ctx.tenantId)
          .where('id', '!=', id)
          .execute();
        await anyDb
          .updateTable(res.table)
          .set({ status: ENABLED })
          .where('tenant_id', '=', ctx.tenantId)
          .where('id', '=', id)
          .execute();
        afterCommit(onChange);
        return ok(request.lang, true);
      },
    );
  };
}
