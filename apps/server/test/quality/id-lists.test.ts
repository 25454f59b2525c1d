import { paramResource } from '@yuan/contract';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { allModules } from '../../src/modules/index.ts';
import { checksums, twoTenantApp } from '../fixtures.ts';

/** Id lists come as `"1,2"`, as JSON arrays (`["1", 2]`, the origin's client) or as `ids=1&ids=2`. */
// Every route's id-list parameters are checked: every module's.
const { t, tokens } = twoTenantApp(() => ({}), allModules);

const ID_LIST_KEY = /^(ids|[a-z][A-Za-z]*Ids)$/;

/** The id-list parameters of one object schema (query string or body), with their own schemas. */
function idListParams(schema: ZodType | undefined): [string, ZodType][] {
  let s = schema as unknown as { shape?: Record<string, ZodType>; def?: { innerType?: ZodType } } | undefined;
  while (s && !s.shape && s.def?.innerType) {
    s = s.def.innerType as unknown as typeof s;
  }
  return Object.entries(s?.shape ?? {}).filter(([key]) => ID_LIST_KEY.test(key));
}

const addParam = async (n: number) =>
  (
    await t.call('POST', `${paramResource.basePath}/submit`, tokens.a, {
      paramName: `list ${n}`,
      paramKey: `ids.test.${n}`,
      paramValue: 'v',
    })
  ).json().data.id as string;

const liveParams = async (ids: string[]) =>
  (
    await t.database.root
      .selectFrom('yuan_param')
      .select('id')
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0)
      .execute()
  ).length;

describe('id lists', () => {
  it('every id-list parameter of every route takes an array as well as a comma-joined string', () => {
    const checked: string[] = [];
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      for (const [where, schema] of [
        ['query', route.querystring],
        ['body', route.body],
      ] as const) {
        for (const [key, field] of idListParams(schema)) {
          checked.push(`${route.method} ${route.url} ${where}.${key}`);
          const joined = field.safeParse('11,22');
          const array = field.safeParse(['11', 22]);
          if (!joined.success || !array.success || joined.data !== array.data) {
            failures.push(`${route.method} ${route.url} ${where}.${key}`);
          }
          // Tenant ids are codes (letters too): only their list forms are checked.
          const codes = key === 'tenantIds';
          if (!codes && (field.safeParse(['11', 'x']).success || field.safeParse([2 ** 60]).success)) {
            failures.push(`${route.method} ${route.url} ${where}.${key} accepts a bad id`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The calls named by the origin's client are all among them.
    const keys = new Set(checked.map((c) => c.split('.').pop()));
    expect([...keys].sort()).toEqual(
      expect.arrayContaining([
        'apiScopeIds',
        'dataScopeIds',
        'ids',
        'menuIds',
        'roleIds',
        'topMenuIds',
        'userIds',
      ]),
    );
  });

  it('role/grant takes the JSON arrays the origin client sends', async () => {
    const role = await t.call('POST', '/api/yuan-system/role/submit', tokens.a, {
      roleName: 'arrays',
      roleAlias: 'arrays',
      sort: 1,
    });
    const roleId = role.json().data.id as string;
    const menus = await t.database.root.selectFrom('yuan_menu').select(['id', 'code']).execute();
    const menu = Object.fromEntries(menus.map((m) => [m.code, m.id]));
    const grant = await t.call('POST', '/api/yuan-system/role/grant', tokens.a, {
      roleIds: [roleId],
      menuIds: [menu.param, menu.param_add],
      dataScopeIds: [],
      apiScopeIds: [],
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const keys = (
      await t.call('GET', `/api/yuan-system/menu/role-tree-keys?roleIds=${roleId}`, tokens.a)
    ).json().data;
    expect(keys.menu.sort()).toEqual([menu.param, menu.param_add].sort());
    // An empty array takes the grant away, as an empty string does.
    await t.call('POST', '/api/yuan-system/role/grant', tokens.a, { roleIds: [roleId], menuIds: [] });
    expect(
      (await t.call('GET', `/api/yuan-system/menu/role-tree-keys?roleIds=${roleId}`, tokens.a)).json().data
        .menu,
    ).toEqual([]);
    // No role at all is still refused, naming the field.
    const none = await t.call('POST', '/api/yuan-system/role/grant', tokens.a, { roleIds: [], menuIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('roleIds');
  });

  it('remove takes a JSON array in the body and a repeated query parameter', async () => {
    const [a, b, c, d] = [await addParam(1), await addParam(2), await addParam(3), await addParam(4)];
    const byBody = await t.call('POST', `${paramResource.basePath}/remove`, tokens.a, {
      ids: [a, b],
    });
    expect(byBody.statusCode, byBody.body).toBe(200);
    expect(await liveParams([a, b])).toBe(0);
    const byQuery = await t.call('POST', `${paramResource.basePath}/remove?ids=${c}&ids=${d}`, tokens.a);
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    expect(await liveParams([c, d])).toBe(0);
  });

  it('refuses a bad element of an array naming the field, and changes nothing', async () => {
    const e = await addParam(5);
    const before = await checksums(t);
    // A snowflake id is beyond 2^53: as a JSON number it has already lost digits, so only strings carry it.
    for (const ids of [[e, 'x'], [e, 1.5], [e, null], [[e]], [e, '1,2'], [Number(e)]]) {
      const res = await t.call('POST', `${paramResource.basePath}/remove`, tokens.a, { ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(res.json().msg).toContain('ids');
    }
    expect(await checksums(t)).toEqual(before);
    expect(await liveParams([e])).toBe(1);
  });
});
