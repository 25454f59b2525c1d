import { describe, expect, it } from 'vitest';
import { TENANT_B, twoTenantApp } from '../../../test/fixtures.ts';
import { systemModule } from './index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [systemModule]);

describe('picker options', () => {
  it('lists menus without buttons, one level or all', async () => {
    const roots = (await t.call('GET', '/api/yuan-system/menu/lazy-menu-list', tokens.a)).json().data;
    expect(roots.map((m: { code: string }) => m.code)).toEqual(expect.arrayContaining(['desk', 'system']));
    expect(roots.every((m: { parentId: string }) => m.parentId === '0')).toBe(true);
    const all = (await t.call('GET', '/api/yuan-system/menu/menu-list', tokens.a)).json().data;
    expect(all.every((m: { category: number }) => m.category === 1)).toBe(true);
    expect(all.map((m: { code: string }) => m.code)).toContain('param');
  });

  it("gives each tenant its own departments and posts; only the platform picks another tenant's posts", async () => {
    const depts = (await t.call('GET', '/api/yuan-system/dept/select', tokens.b)).json().data;
    expect(depts.map((d: { title: string }) => d.title)).toEqual(['B']);
    const bPosts = (await t.call('GET', `/api/yuan-system/post/select?tenantId=${TENANT_B}`, tokens.a)).json()
      .data;
    expect(bPosts.map((p: { postCode: string }) => p.postCode)).toEqual(['b']);
    expect((await t.call('GET', '/api/yuan-system/post/select?tenantId=000000', tokens.b)).statusCode).toBe(
      403,
    );
    const own = (await t.call('GET', '/api/yuan-system/post/select', tokens.a)).json().data;
    expect(own.map((p: { postCode: string }) => p.postCode)).toContain('ceo');
  });

  it('narrows a dictionary tree to one code', async () => {
    const base = '/api/yuan-system/dict-biz';
    const root = (
      await t.call('POST', `${base}/submit`, tokens.a, {
        parentId: '0',
        code: 'DICT',
        dictKey: '-1',
        dictValue: '字典',
        sort: 1,
        isSealed: 0,
      })
    ).json().data.id;
    await t.call('POST', `${base}/submit`, tokens.a, {
      parentId: '0',
      code: 'OTHER',
      dictKey: '-1',
      dictValue: '其他',
      sort: 2,
      isSealed: 0,
    });
    const tree = (await t.call('GET', `${base}/tree?code=DICT`, tokens.a)).json().data;
    expect(tree.map((n: { id: string }) => n.id)).toEqual([root]);
  });
});

describe('trees of another tenant', () => {
  it('the platform tenant reads another tenant roles tree; others are refused', async () => {
    const roles = (await t.call('GET', `/api/yuan-system/role/tree?tenantId=${TENANT_B}`, tokens.a)).json()
      .data;
    expect(roles.map((r: { title: string }) => r.title)).toEqual(['admin']);
    expect((await t.call('GET', '/api/yuan-system/role/tree?tenantId=000000', tokens.b)).statusCode).toBe(
      403,
    );
    const own = (await t.call('GET', '/api/yuan-system/role/tree', tokens.b)).json().data;
    expect(own.map((r: { title: string }) => r.title)).toEqual(['admin']);
  });
});
