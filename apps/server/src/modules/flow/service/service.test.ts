import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../../../test/api-calls.ts';
import { refsOf, twoTenantApp } from '../../../../test/fixtures.ts';
import { scopedUser } from '../../../../test/scoped-user.ts';
import { flowModule } from '../index.ts';
import { userModule } from '../../user/index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [flowModule, userModule]);
const API = '/api/yuan-api';
const { call, data } = apiCalls(t, API, () => tokens.a);
const run = (code: string, params?: object, token = tokens.a) =>
  data('/s/run', { code, ...(params ? { params } : {}) }, token);

beforeAll(async () => {
  const entId = (
    await data('/dtentity/saveOrUpdate', {
      entNo: 'ticket',
      entName: '工单',
      elements: [{ eleNo: 'title', eleName: '标题', dataTyp: 'string' }],
    })
  ).id;
  await data('/dtentity/syncEntityDataBaseTable', { id: entId, apply: true });
  for (const title of ['printer jam', 'no network']) {
    await data('/dtentity/saveOrUpdateData', { entId, data: { title } });
  }
});

describe('running a script service (s/run)', { timeout: 30_000 }, () => {
  it("runs as its caller, reading the caller's tenant's entity rows", async () => {
    const result = await run(
      `const rows = db.query('ticket', params.filter); log('found', rows.length);
       return { user: user.account, titles: rows.map((r) => r.title).sort() };`,
      { filter: {} },
    );
    expect(result).toMatchObject({
      ok: true,
      value: { user: 'admin', titles: ['no network', 'printer jam'] },
      logs: ['found 2'],
    });
    const filtered = await run(`return db.query('ticket', { title: 'printer' }).length;`);
    expect(filtered.value).toBe(1);
  });

  it("sees no other tenant's entities", async () => {
    const theirs = await run(
      `try { return db.query('ticket'); } catch (e) { return 'refused: ' + e.message; }`,
      undefined,
      tokens.b,
    );
    expect(theirs.value).toBe('refused: unknown entity: ticket');
  });

  it('answers a looping or failing script with its error, and the server keeps answering', async () => {
    const looping = await run('while (true) {}');
    expect(looping).toMatchObject({
      ok: false,
      limit: 'time',
      error: 'time limit',
      limits: { cpuMs: 1_000, wallMs: 3_000 },
    });
    expect((await run('return require("fs")')).error).toMatch(/ReferenceError: .*require/);
    expect((await run('return 6 * 7')).value).toBe(42);
  });

  it('refuses empty code, unknown fields and callers without the run button', async () => {
    expect((await call('/s/run', { code: '  ' })).statusCode).toBe(400);
    expect((await call('/s/run', { code: 'return 1', timeout: 99 })).statusCode).toBe(400);
    const refs = await refsOf(t, '000000');
    const viewer = await scopedUser(t, tokens.a, {
      menu: 'flowService',
      buttons: [],
      deptId: refs.deptId ?? '',
      postId: refs.postId ?? '',
    });
    expect((await call('/s/run', { code: 'return 1' }, viewer)).statusCode).toBe(403);
  });
});

describe('the tree of modules and services', { timeout: 30_000 }, () => {
  it('keeps modules and services, runs a saved one, switches it off and removes what has no children', async () => {
    const module = await data('/s/saveOrUpdate', { parentId: '0', name: '客服', kind: 'module', sort: 1 });
    // Modules have no path: any number of them.
    await data('/s/saveOrUpdate', { parentId: '0', name: '其他', kind: 'module', sort: 2 });
    expect(module).toMatchObject({ kind: 'module', path: '', code: '' });
    const service = await data('/s/saveOrUpdate', {
      parentId: module.id,
      name: '未读',
      kind: 'service',
      path: 'support/QueryUnRead',
      sort: 1,
    });
    expect(service).toMatchObject({ enabled: true, code: '', language: 'js' });
    await data('/s/saveOrUpdate', { ...service, code: 'return { unread: params.n * 2 };' });
    expect((await data('/s/run', { id: service.id, params: { n: 4 } })).value).toEqual({ unread: 8 });
    await data('/s/rename', { id: service.id, name: '未读数' });
    expect((await data(`/s/id/${service.id}`, {})).name).toBe('未读数');
    const children = (await t.call('GET', `${API}/s/${module.id}/tree`, tokens.a)).json().data;
    expect(children.map((c: { id: string }) => c.id)).toEqual([service.id]);
    expect((await data('/s/list', {})).map((n: { title: string }) => n.title)).toEqual([
      '示例服务',
      '客服',
      '其他',
    ]);
    expect((await data('/s/disable', { id: service.id })).enabled).toBe(false);
    expect((await data('/s/enable', { id: service.id })).enabled).toBe(true);

    // A service needs a path; nothing hangs under a service; a path is the tenant's once.
    expect((await call('/s/saveOrUpdate', { parentId: '0', name: 'x', kind: 'service' })).json().msg).toBe(
      '路径必须填写',
    );
    expect(
      (await call('/s/saveOrUpdate', { parentId: service.id, name: 'x', kind: 'module' })).json().msg,
    ).toBe('请选择上级模块');
    const again = await call('/s/saveOrUpdate', {
      parentId: '0',
      name: 'y',
      kind: 'service',
      path: 'support/QueryUnRead',
    });
    expect(again.json().success).toBe(false);
    expect((await call('/s/run', { id: module.id })).statusCode).toBe(400);
    // Another tenant sees none of it, and may use the same path.
    expect((await call(`/s/id/${service.id}`, {}, tokens.b)).statusCode).toBe(404);
    await data(
      '/s/saveOrUpdate',
      { parentId: '0', name: 'z', kind: 'service', path: 'support/QueryUnRead' },
      tokens.b,
    );

    expect((await call('/s/delete', { ids: [module.id] })).json().success).toBe(false);
    await data('/s/delete', { ids: [service.id] });
    await data('/s/delete', { ids: [module.id] });
    expect((await call(`/s/id/${module.id}`, {})).statusCode).toBe(404);
  });
});
