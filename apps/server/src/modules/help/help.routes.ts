import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/envelope.ts';
import type { HelpRepo } from './help.repo.ts';

/** Operation-guide videos for the help dialog: `data.config` is the list. */
export function helpRoutes(help: HelpRepo) {
  return async (app: FastifyInstance) => {
    app.post(
      '/showHallConfig/listHelp',
      { schema: { tags: ['help'], summary: 'Operation-guide videos' } },
      async (request) => ok(request.lang, { config: await help.videos() }),
    );
  };
}
