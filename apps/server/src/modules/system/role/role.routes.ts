import { idList, idString, roleGrant, topMenuGrant } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CrudService } from '../../../lib/crud/crud.service.ts';
import type { TreeNode } from '../../../lib/crud/tree.ts';
import { notFound } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { GrantService } from './grant.service.ts';

function find(nodes: TreeNode[], id: string): TreeNode | undefined {
  for (const n of nodes) {
    const hit = n.id === id ? n : find(n.children, id);
    if (hit) {
      return hit;
    }
  }
  return undefined;
}

/** Role extras (grant, tree-by-id, select) and the grant trees and keys served under menu/ and topmenu/. */
export function grantRoutes(grants: GrantService, roles: CrudService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/role/grant',
      { config: { perm: 'role_grant' }, schema: { tags: ['role'], body: roleGrant } },
      async (request) => {
        await grants.grant(caller(request), request.body);
        return ok(request.lang, true);
      },
    );
    r.get(
      '/role/tree-by-id',
      {
        config: { perm: 'role' },
        schema: { tags: ['role'], querystring: z.strictObject({ roleId: idString }) },
      },
      async (request) => {
        const node = find(await roles.tree(caller(request)), request.query.roleId);
        if (!node) {
          throw notFound();
        }
        return ok(request.lang, [node]);
      },
    );
    r.get(
      '/role/select',
      { schema: { tags: ['role'], querystring: z.strictObject({ userId: idString.optional() }) } },
      async (request) => ok(request.lang, await roles.tree(caller(request))),
    );

    r.get('/menu/grant-tree', { config: { perm: 'role' }, schema: { tags: ['menu'] } }, async (request) =>
      ok(request.lang, await grants.grantTree(caller(request), request.lang)),
    );
    r.get(
      '/menu/role-tree-keys',
      {
        config: { perm: 'role' },
        schema: { tags: ['menu'], querystring: z.strictObject({ roleIds: idList }) },
      },
      async (request) => ok(request.lang, await grants.keys(caller(request), request.query.roleIds)),
    );
    r.get(
      '/menu/grant-top-tree',
      { config: { perm: 'topmenu' }, schema: { tags: ['menu'] } },
      async (request) => ok(request.lang, { menu: await grants.topTree(caller(request), request.lang) }),
    );
    r.get(
      '/menu/top-tree-keys',
      {
        config: { perm: 'topmenu' },
        schema: { tags: ['menu'], querystring: z.strictObject({ topMenuIds: idList }) },
      },
      async (request) =>
        ok(request.lang, { menu: await grants.topKeys(caller(request), request.query.topMenuIds) }),
    );
    r.post(
      '/topmenu/grant',
      { config: { perm: 'topmenu_grant' }, schema: { tags: ['topMenu'], body: topMenuGrant } },
      async (request) => {
        await grants.grantTop(caller(request), request.body);
        return ok(request.lang, true);
      },
    );
  };
}
