import { idList, idString } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { exportAnswer, type InScope, importAnswer } from '../lowcode/index.ts';
import type { EntityExcel } from '../lowcode/index.ts';
import type { PayeeService } from './payee.service.ts';

const tags = ['payee'];
/** The payee entity's filters: checked by the entity's own definition. */
const filters = z.record(z.string().max(64), z.string().max(1000));

/**
 * `payee/*`: the payee grid's calls (as `dtgrid/*` and `dtentity/*` for any grid), on the tenant's payee entity and
 * limited to the caller's own payees.
 */
export function payeeRoutes(payees: PayeeService, excel: EntityExcel, inScope: InScope) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const perm = ['payee'];
    r.get(
      '/queryConfigByGridId',
      { config: { perm }, schema: { tags, querystring: z.strictObject({ gridId: idString.optional() }) } },
      async (req) => ok(req.lang, await payees.config(caller(req), req.query.gridId)),
    );
    r.get('/queryDataByFields', { config: { perm }, schema: { tags, querystring: filters } }, async (req) => {
      const ctx = caller(req);
      return ok(req.lang, await payees.data.list(ctx, (await payees.ids(ctx)).entId, req.query));
    });
    r.post(
      '/saveOrUpdateData',
      {
        config: { perm },
        schema: { tags, body: z.strictObject({ data: z.record(z.string().max(64), z.unknown()) }) },
      },
      async (req) => ok(req.lang, await payees.save(caller(req), req.body.data)),
    );
    r.post(
      '/removeDatas',
      { config: { perm }, schema: { tags, body: z.strictObject({ ids: idList }) } },
      async (req) => {
        const ctx = caller(req);
        await payees.data.remove(ctx, (await payees.ids(ctx)).entId, req.body.ids.split(','));
        return ok(req.lang, true);
      },
    );
    const parts = { data: payees.data, excel, inScope };
    const entIdOf = async (req: Parameters<typeof caller>[0]) => {
      const ctx = caller(req);
      return inScope(ctx, async () => (await payees.ids(ctx)).entId);
    };
    r.post(
      '/exportEntity',
      // The grid client posts its search filters; they may come as query parameters too.
      {
        config: { perm, log: 'always', scope: 'manual' },
        schema: { tags, querystring: filters, body: filters.nullish() },
      },
      async (req, reply) =>
        exportAnswer(req, reply, parts, await entIdOf(req), { ...req.query, ...(req.body ?? {}) }),
    );
    r.post(
      '/entExcelParseSave',
      {
        config: { perm, scope: 'manual' },
        schema: { tags, querystring: z.strictObject({ mode: z.enum(['all', 'valid-only']).optional() }) },
      },
      async (req, reply) => importAnswer(req, reply, parts, await entIdOf(req), req.query.mode ?? 'all'),
    );
  };
}
