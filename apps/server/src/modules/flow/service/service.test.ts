import { beforeAll, describe, expect, it } from 'vitest';
import { refsOf, twoTenantApp } from '../../../../test/fixtures.ts';
import { scopedUser } from '../../../../test/scoped-user.ts';

const { t, tokens } = twoTenantApp();
const API = '/api/yuan-api';
const call = (url: string, body: unknown, token = tokens.a) => t.call('POST', `${API}${url}`, token, body);
const data = async (url: string, body: unknown, token = tokens.a) => {
  const res = await call(url, body, token);
  expect(res.json(), url).toMatchObject({ success: true });
  return res.json().data;
};
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
    expect(looping).toMatchObject({ ok: false, limit: 'time', error: 'time limit' });
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
