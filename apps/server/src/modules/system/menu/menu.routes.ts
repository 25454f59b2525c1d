import { idString } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { MenuService } from './menu.service.ts';

export function menuRoutes(menus: MenuService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['system: menu'];

    r.get(
      '/menu/routes',
      {
        schema: {
          tags,
          summary: "The caller's menu tree",
          querystring: z.strictObject({ topMenuId: idString.optional() }),
        },
      },
      async (request) =>
        ok(request.lang, await menus.routes(caller(request), request.lang, request.query.topMenuId)),
    );

    r.get('/menu/buttons', { schema: { tags, summary: "The caller's button codes" } }, async (request) =>
      ok(request.lang, await menus.buttons(caller(request))),
    );

    r.get(
      '/menu/lazy-menu-list',
      {
        config: { perm: 'menu' },
        schema: { tags, querystring: z.strictObject({ parentId: idString.optional() }) },
      },
      async (request) => ok(request.lang, await menus.pickerMenus(request.query.parentId ?? '0')),
    );
    r.get('/menu/menu-list', { config: { perm: 'menu' }, schema: { tags } }, async (request) =>
      ok(request.lang, await menus.pickerMenus()),
    );

    r.get('/menu/top-menu', { schema: { tags, summary: 'Top menus of the tenant' } }, async (request) =>
      ok(request.lang, await menus.topMenus(caller(request), request.lang)),
    );
  };
}
