import type { MenuNode } from '@yuan/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser } from '../../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { readMenuSeed } from '../../../db/seed/menus.ts';
import { CacheRegistry } from '../../../lib/cache/cache-registry.ts';
import type { AuthContext } from '../../../types.ts';
import { systemModule } from '../index.ts';
import { MenuRepo } from './menu.repo.ts';
import { MenuService } from './menu.service.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({}, [systemModule]);
  adminToken = (await t.login()).access_token;
});
afterAll(() => t.close());

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('menu/routes', () => {
  it('gives the administrator every seeded menu as a tree, in sort order, with zh and en names', async () => {
    const res = await t.call('GET', '/api/yuan-system/menu/routes', adminToken);
    expect(res.statusCode).toBe(200);
    const tree: MenuNode[] = res.json().data;
    const all = flatten(tree);
    const seeds = readMenuSeed();
    expect(all.map((m) => m.code).sort()).toEqual(seeds.map((s) => s.code).sort());
    expect(all.every((m) => m.category === 1)).toBe(true);
    expect(tree.map((m) => m.sort)).toEqual([...tree.map((m) => m.sort)].sort((a, b) => a - b));
    const system = tree.find((m) => m.code === 'system')!;
    expect(system).toMatchObject({
      path: '/system',
      name: '系统管理',
      i18n: { zh: '系统管理', en: 'System' },
      source: 'setting',
    });
    expect(system.children.find((c) => c.code === 'param')).toMatchObject({
      path: '/system/param',
      parentId: system.id,
    });
    expect(all.find((m) => m.code === 'entityData')).toMatchObject({
      hidden: true,
      path: '/entity/detail/:id',
    });
  });

  it('names menus in the caller language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/yuan-system/menu/routes',
      headers: { 'blade-auth': `bearer ${adminToken}`, 'accept-language': 'en' },
    });
    expect(res.json().data.find((m: MenuNode) => m.code === 'system').name).toBe('System');
  });

  it('shows a role only its granted menus and their parents', async () => {
    const db = t.database.root;
    const tourist = await db
      .selectFrom('yuan_role')
      .select('id')
      .where('role_alias', '=', 'tourist')
      .executeTakeFirstOrThrow();
    await addUser(t, { tenantId: '000000', id: '900', account: 'guest1', roleId: tourist.id });
    const token = (await t.login({ username: 'guest1' })).access_token;
    const tree: MenuNode[] = (await t.call('GET', '/api/yuan-system/menu/routes', token)).json().data;
    const codes = flatten(tree).map((m) => m.code);
    expect(codes).toContain('wel');
    expect(codes).toContain('desk');
    expect(codes).not.toContain('system');
    expect(codes).not.toContain('param');
    const buttons = (await t.call('GET', '/api/yuan-system/menu/buttons', token)).json().data;
    expect(buttons).toEqual([]);
  });

  it('filters by top menu and refuses an unknown or malformed one', async () => {
    const tops = (await t.call('GET', '/api/yuan-system/menu/top-menu', adminToken)).json().data;
    expect(tops.map((m: { code: string }) => m.code)).toEqual(['desk', 'lowcode', 'admin']);
    const admin = tops.find((m: { code: string }) => m.code === 'admin');
    const tree: MenuNode[] = (
      await t.call('GET', `/api/yuan-system/menu/routes?topMenuId=${admin.id}`, adminToken)
    ).json().data;
    const roots = tree.map((m) => m.code);
    expect(roots).toContain('system');
    expect(roots).not.toContain('lowcode');
    expect((await t.call('GET', '/api/yuan-system/menu/routes?topMenuId=123', adminToken)).statusCode).toBe(
      404,
    );
    const bad = await t.call('GET', "/api/yuan-system/menu/routes?topMenuId=1'or'1", adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });
});

describe('menu/buttons', () => {
  it('lists add/edit/delete/view on CRUD screens and the extra buttons of menus.tsv', async () => {
    const data = (await t.call('GET', '/api/yuan-system/menu/buttons', adminToken)).json().data as {
      code: string;
      children: { code: string }[];
    }[];
    const codesOf = (menu: string) => data.find((d) => d.code === menu)?.children.map((c) => c.code) ?? [];
    expect(codesOf('param')).toEqual(['param_add', 'param_edit', 'param_delete', 'param_view']);
    expect(codesOf('user')).toEqual(
      expect.arrayContaining(['user_add', 'user_reset', 'user_unlock', 'user_import']),
    );
    expect(codesOf('entity')).toEqual(
      expect.arrayContaining(['entity_sync', 'entity_import', 'entity_export']),
    );
    // The welcome page is no table: only its extra edit button (the website configuration).
    expect(codesOf('wel')).toEqual(['wel_edit']);
    expect(codesOf('dashboard')).toEqual([]);
    expect(codesOf('system')).toEqual([]);
  });
});

describe('seed', () => {
  it('is idempotent: running it again adds nothing', async () => {
    const { runSeed } = await import('../../../db/seed/index.ts');
    const count = async (
      table: 'yuan_menu' | 'yuan_user' | 'yuan_role' | 'yuan_top_menu' | 'yuan_role_menu',
    ) =>
      Number(
        (
          await t.database.root
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await Promise.all(
      ['yuan_menu', 'yuan_user', 'yuan_role', 'yuan_top_menu', 'yuan_role_menu'].map((x) =>
        count(x as 'yuan_menu'),
      ),
    );
    const result = await runSeed(t.database, t.config);
    expect(result.adminCreated).toBe(false);
    const after = await Promise.all(
      ['yuan_menu', 'yuan_user', 'yuan_role', 'yuan_top_menu', 'yuan_role_menu'].map((x) =>
        count(x as 'yuan_menu'),
      ),
    );
    expect(after).toEqual(before);
  });
});

describe('menu trees kept per caller', () => {
  it('answers the tree it had while one caller rebuilds it, instead of every call waiting', async () => {
    const admin = await sql<{ id: string }>`SELECT id::text AS id FROM yuan_role
      WHERE tenant_id = '000000' AND role_alias = 'administrator' AND is_deleted = 0`.execute(
      t.database.root,
    );
    const ctx = { tenantId: '000000', roleIds: [admin.rows[0]?.id] } as AuthContext;
    let held: Promise<void> | undefined;
    let started: () => void = () => undefined;
    // The rebuild waits for `held` when set: a slow reload, as under load.
    class HeldRepo extends MenuRepo {
      override async grantedMenus(...args: Parameters<MenuRepo['grantedMenus']>) {
        started();
        await held;
        return super.grantedMenus(...args);
      }
    }
    const menus = new MenuService(new HeldRepo(t.database.db), new CacheRegistry());
    const inTenant = <T>(fn: () => Promise<T>) => t.database.run({ tenantId: '000000' }, fn);
    const first = await inTenant(() => menus.routes(ctx, 'zh'));
    expect(first.length).toBeGreaterThan(0);
    let open: () => void = () => undefined;
    held = new Promise<void>((resolve) => {
      open = resolve;
    });
    try {
      // Past the longest time to live (12 s with the spread), within the shortest stale window (8 + 10 s).
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15_000 });
      const rebuildStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      const rebuilding = inTenant(() => menus.routes(ctx, 'zh'));
      await rebuildStarted;
      const waited = new Promise((resolve) => setTimeout(() => resolve('waited for the rebuild'), 2_000));
      expect(await Promise.race([inTenant(() => menus.routes(ctx, 'zh')), waited])).toBe(first);
      open();
      expect(await rebuilding).toEqual(first);
      expect(await rebuilding).not.toBe(first);
    } finally {
      open();
      vi.useRealTimers();
    }
  });
});
