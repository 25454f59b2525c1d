import { deliveriesQuery, redeliverBody, triggerRemove, triggerSave } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { TriggerService } from './trigger.service.ts';

const SCREEN = ['trigger'];

/** `trigger/*`: a tenant's triggers on data events and their deliveries (the 触发器 screen under 低代码). */
export function triggerRoutes(triggers: TriggerService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['trigger'];
    r.get('/trigger/list', { config: { perm: SCREEN }, schema: { tags } }, async (req) =>
      ok(req.lang, await triggers.list(caller(req))),
    );
    r.post(
      '/trigger/saveOrUpdate',
      {
        config: {
          perm: (req) => [(req.body as { id?: string } | undefined)?.id ? 'trigger_edit' : 'trigger_add'],
        },
        schema: { tags, body: triggerSave },
      },
      async (req) => ok(req.lang, await triggers.save(caller(req), req.body)),
    );
    r.post(
      '/trigger/remove',
      { config: { perm: ['trigger_delete'] }, schema: { tags, body: triggerRemove } },
      async (req) => {
        await triggers.remove(caller(req), req.body.ids.split(','));
        return ok(req.lang, true);
      },
    );
    r.get(
      '/trigger/deliveries',
      { config: { perm: SCREEN }, schema: { tags, querystring: deliveriesQuery } },
      async (req) => ok(req.lang, await triggers.deliveries(caller(req), req.query)),
    );
    r.post(
      '/trigger/redeliver',
      { config: { perm: ['trigger_redeliver'] }, schema: { tags, body: redeliverBody } },
      async (req) => {
        await triggers.redeliver(caller(req), req.body.deliveryId);
        return ok(req.lang, true);
      },
    );
  };
}
