import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { answerJson, ok } from './envelope.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, []);
});
afterAll(() => t.close());

describe('envelope and errors', () => {
  it('answers health and the public app settings', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ code: 200, success: true, data: { status: 'up' } });
    const cfg = (await t.app.inject({ method: 'GET', url: '/api/app-config' })).json().data;
    expect(cfg).toMatchObject({
      clientId: 'yuan-web',
      tenantMode: false,
      switchMode: false,
      captchaMode: 'off',
      tokenTime: 3000,
    });
    // Without MAP_TILE_URL the browser is given no tile server to call.
    expect(cfg).not.toHaveProperty('mapTileUrl');
  });

  it('gives the browser the map tile address when one is configured', async () => {
    const tiles = 'https://tiles.example.com/{z}/{x}/{y}.png';
    const other = await createTestApp({ MAP_TILE_URL: tiles }, []);
    try {
      const cfg = (await other.app.inject({ method: 'GET', url: '/api/app-config' })).json().data;
      expect(cfg.mapTileUrl).toBe(tiles);
    } finally {
      await other.close();
    }
  });

  it('answers unknown /api paths with a 404 envelope in the caller language', async () => {
    const token = (await t.login()).access_token;
    const zh = await t.call('GET', '/api/yuan-system/no-such-thing', token);
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ code: 404, success: false, msg: '请求的资源不存在', data: null });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'accept-language': 'en-US,en' },
    });
    expect(en.json().msg).toBe('The requested resource does not exist');
  });

  it('turns an unexpected failure into a 500 envelope without a stack', async () => {
    const app = t.app;
    const res = await app.inject({
      method: 'GET',
      url: '/api/yuan-auth/oauth/user-info',
      headers: { 'blade-auth': 'bearer a.b.c' },
    });
    expect(res.statusCode).toBe(401);
    const { buildApp } = await import('../app.ts');
    const extra = await buildApp({ config: t.config, database: t.database, logger: false, modules: [] });
    extra.get('/api/boom', { config: { public: true } }, async () => {
      throw new Error('secret detail at /srv/x.ts:1');
    });
    await extra.ready();
    const boom = await extra.inject({ method: 'GET', url: '/api/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ code: 500, success: false, msg: '服务器异常，请联系管理员', data: null });
    expect(boom.body).not.toContain('secret detail');
    await extra.close();
  });

  it('gives a 400 with the field on validation failure', async () => {
    const token = (await t.login()).access_token;
    const res = await t.call('GET', '/api/yuan-system/menu/routes?topMenuId=abc', token);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('topMenuId');
  });

  it('refuses an oversized body with 413 and a message', async () => {
    const token = (await t.login()).access_token;
    const res = await t.call('POST', '/api/yuan-auth/oauth/client-log', token, {
      logs: [],
      pad: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, msg: '请求内容过大' });
  });

  it('publishes OpenAPI 3 generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/yuan-auth/oauth/token', '/api/yuan-system/menu/routes']),
    );
    expect(doc.paths['/api/yuan-system/menu/routes'].get.parameters[0].name).toBe('topMenuId');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('writes a Chinese message \\u-escaped so the answer stays one byte a character, the same JSON value', async () => {
    const data = { records: [{ id: '1', name: '名称', at: '2026-11-30T04:43:47.123Z' }], total: 1 };
    for (const answer of [ok('zh', data), ok('en', data), ok('zh', null), ok('zh', [1, '二'])]) {
      const json = answerJson(answer);
      expect(JSON.parse(json)).toEqual(answer);
      expect(json.startsWith('{"code":200,"success":true,"msg":')).toBe(true);
    }
    expect(answerJson(ok('zh', { n: 1 }))).toBe(
      '{"code":200,"success":true,"msg":"\\u64cd\\u4f5c\\u6210\\u529f","data":{"n":1}}',
    );
    // Anything that is not exactly the envelope is written as JSON.stringify writes it.
    for (const other of [
      { msg: '操作成功', code: 200, success: true, data: 1 },
      { ...ok('zh', 1), extra: 1 },
      [1],
      'x',
    ]) {
      expect(answerJson(other)).toBe(JSON.stringify(other));
    }
    const token = (await t.login()).access_token;
    const zh = await t.call('GET', '/api/yuan-system/dict/dictionary?code=sex', token);
    expect(zh.body).toMatch(/^[\x20-\x7e]*$/);
    expect(zh.json()).toMatchObject({ code: 200, msg: '操作成功' });
  });
});
