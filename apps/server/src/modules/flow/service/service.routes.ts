import { idString, scriptServiceResource } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CrudService } from '../../../lib/crud/crud.service.ts';
import { removeRoute } from '../../../lib/crud/crud.routes.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { ScriptCalls } from './script-calls.ts';
import type { ScriptTree } from './script-tree.ts';
import { ScriptService } from './script.service.ts';
import { callRoutes } from './service-call.routes.ts';
import { treeRoutes } from './service-tree.routes.ts';

const PERM = ['flowService'];
const tags = ['flow'];
const byId = z.strictObject({ id: idString });

/** Flow services (SPEC §7 `s/*`): the tenant's tree of modules and scripts, and running a script as its caller. */
export function serviceRoutes(
  tree: CrudService,
  scripts: ScriptService,
  nodes: ScriptTree,
  calls: ScriptCalls,
) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/s/list',
      { config: { perm: PERM }, schema: { tags, body: z.strictObject({}).nullish() } },
      async (req) => ok(req.lang, await nodes.list(caller(req))),
    );
    r.get(
      '/s/:id/tree',
      {
        config: { perm: PERM },
        schema: { tags, params: z.strictObject({ id: z.union([idString, z.literal('0')]) }) },
      },
      async (req) => ok(req.lang, await scripts.children(caller(req), req.params.id)),
    );
    r.post('/s/id/:id', { config: { perm: PERM }, schema: { tags, params: byId } }, async (req) =>
      ok(req.lang, await tree.detail(caller(req), req.params.id)),
    );
    r.post(
      '/s/saveOrUpdate',
      { config: { perm: PERM }, schema: { tags, body: scriptServiceResource.form } },
      async (req) => ok(req.lang, await tree.submit(caller(req), req.body as Record<string, unknown>)),
    );
    r.post(
      '/s/rename',
      {
        config: { perm: PERM },
        schema: { tags, body: z.strictObject({ id: idString, name: z.string().min(1).max(64) }) },
      },
      async (req) => ok(req.lang, await scripts.rename(caller(req), req.body.id, req.body.name)),
    );
    for (const [action, enabled] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      r.post(
        `/s/${action}`,
        { config: { perm: [`flowService_${action}`] }, schema: { tags, body: byId } },
        async (req) => ok(req.lang, await scripts.setEnabled(caller(req), req.body.id, enabled)),
      );
    }
    removeRoute(app, '/s/delete', PERM, tags, (req, ids) => tree.remove(caller(req), ids));
    await app.register(treeRoutes(scripts, nodes));
    await app.register(callRoutes(calls));
    r.post(
      '/s/run',
      {
        // No unit of work is held while the script waits for a worker or runs: its reads open their own.
        config: { perm: ['flowService_run'], scope: 'manual' },
        schema: {
          tags,
          summary:
            'Run a script, saved (id) or not (code), in the sandbox; a failing script answers its error and logs',
          body: z.union([
            z.strictObject({ id: idString, params: z.record(z.string().max(64), z.unknown()).optional() }),
            z.strictObject({
              code: z.string().max(100_000),
              params: z.record(z.string().max(64), z.unknown()).optional(),
            }),
          ]),
        },
      },
      async (req) => {
        const ctx = caller(req);
        const params = req.body.params ?? {};
        const code = 'id' in req.body ? await scripts.codeOf(ctx, req.body.id) : req.body.code;
        ScriptService.check(code);
        return ok(req.lang, await scripts.run(ctx, code, params));
      },
    );
  };
}
