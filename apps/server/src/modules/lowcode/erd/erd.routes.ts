import { idString } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { ErdRepo } from './erd.repo.ts';

const tags = ['erd'];
const coordinate = z.number().finite().min(-1_000_000).max(1_000_000);
/** Entity id → where its table sits on the diagram. */
const layout = z.strictObject({
  positions: z
    .record(idString, z.strictObject({ x: coordinate, y: coordinate }))
    .refine((p) => Object.keys(p).length <= 2_000, 'at most 2000 tables'),
});

/** `erd/layout`: the ER diagram keeps where the tenant's tables were placed (menu erd). */
export function erdRoutes(repo: ErdRepo) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/erd/layout', { config: { perm: ['erd'] }, schema: { tags } }, async (req) =>
      ok(req.lang, { positions: await repo.positions() }),
    );
    r.post('/erd/layout', { config: { perm: ['erd'] }, schema: { tags, body: layout } }, async (req) => {
      const ctx = caller(req);
      await repo.save(ctx.tenantId, ctx.userId, req.body.positions);
      return ok(req.lang, null);
    });
  };
}
