import { appDownloadQuery } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.ts';
import { type AppDownloadService, platformOf } from './app-download.service.ts';

/**
 * GET /api/cors/oauth/appDownload (anyone): with a platform, or from a phone, it sends the browser to the package
 * (the origin client fetches it as a blob); otherwise it answers the download page's list.
 */
export function appDownloadRoutes(service: AppDownloadService) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/appDownload',
      {
        config: { public: true, guest: true, scope: 'manual' },
        schema: { tags: ['app'], summary: 'The mobile app package', querystring: appDownloadQuery },
      },
      async (req, reply) => {
        const platform = req.query.platform ?? platformOf(req.headers['user-agent']);
        if (platform) {
          return reply.redirect(await service.target(platform), 302);
        }
        return ok(req.lang, await service.list());
      },
    );
  };
}
