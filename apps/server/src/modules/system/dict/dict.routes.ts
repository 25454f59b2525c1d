import { pageQuery, type Resource, screenCodes } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { DictService } from './dict.service.ts';

const code = z.string().min(1).max(64);
const listQuery = pageQuery
  .extend({ code: code.optional(), dictValue: z.string().max(255).optional() })
  .strict();

/** dictionary?code, parent-list, child-list (and for business dictionaries parent-list-or and dict). */
export function dictRoutes(res: Resource, service: DictService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = [res.name];
    const items = async (
      request: { query: { code: string } } & Parameters<typeof caller>[0] & { lang: 'zh' | 'en' },
    ) => ok(request.lang, await service.dictionary(caller(request), request.query.code));
    // Any signed-in user may read the items of a code: forms everywhere need them.
    r.get('/dictionary', { schema: { tags, querystring: z.strictObject({ code }) } }, items);
    if (res.tenantScoped) {
      r.get('/dict', { schema: { tags, querystring: z.strictObject({ code }) } }, items);
    }
    r.get(
      '/parent-list',
      { config: { perm: screenCodes(res) }, schema: { tags, querystring: listQuery } },
      async (request) => ok(request.lang, await service.page(caller(request), request.query, 'roots')),
    );
    if (res.tenantScoped) {
      r.get(
        '/parent-list-or',
        { config: { perm: screenCodes(res) }, schema: { tags, querystring: listQuery } },
        async (request) => ok(request.lang, await service.page(caller(request), request.query, 'rootsOr')),
      );
    }
    r.get(
      '/child-list',
      {
        config: { perm: screenCodes(res) },
        schema: { tags, querystring: listQuery.extend({ parentId: z.string().regex(/^\d{1,19}$/) }) },
      },
      async (request) => ok(request.lang, await service.page(caller(request), request.query, 'children')),
    );
  };
}
