import { websiteConfig } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { WebsiteService } from './website.service.ts';

const tags = ['website'];

/** The welcome page's configuration: any signed-in user reads it; the page's edit button saves it. */
export function websiteRoutes(service: WebsiteService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/config', { schema: { tags, summary: 'The welcome page of my tenant' } }, async (req) =>
      ok(req.lang, await service.config(caller(req))),
    );
    r.post(
      '/config',
      {
        config: { perm: ['wel_edit'] },
        schema: { tags, summary: 'Save the welcome page', body: websiteConfig },
      },
      async (req) => ok(req.lang, await service.save(caller(req), req.body)),
    );
  };
}
