import { listHelpBody } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { HelpService } from './help.service.ts';

/**
 * The help dialog's videos: any signed-in user reads their tenant's, `data.config` is the list; an optional
 * `columnNo` keeps one column. Managing them is the generic CRUD under the same base path (menu helpVideo).
 */
export function helpRoutes(help: HelpService) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/showHallConfig/listHelp',
      {
        config: { log: 'read' },
        schema: { tags: ['help'], summary: 'Operation-guide videos', body: listHelpBody },
      },
      async (request) =>
        ok(request.lang, { config: await help.list(caller(request), request.body?.columnNo) }),
    );
  };
}
