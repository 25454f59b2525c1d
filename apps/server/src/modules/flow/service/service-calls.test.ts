import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../../../test/api-calls.ts';
import { refsOf, twoTenantApp } from '../../../../test/fixtures.ts';
import { scopedUser } from '../../../../test/scoped-user.ts';
import { uploadForm } from '../../../../test/upload.ts';
import { ServiceCipher } from '../../../lib/cipher/service-cipher.ts';
import { flowModule } from '../index.ts';
import { deskModule } from '../../desk/index.ts';
import { userModule } from '../../user/index.ts';

const KEY = 'a1'.repeat(32);
let peer: Server;
let peerPort = 0;
const seen: string[] = [];

// The allowed peer listens before the app starts: its port goes into the allow-list.
beforeAll(async () => {
  peer = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ pong: req.url }));
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerPort = (peer.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

const { t, tokens } = twoTenantApp(
  () => ({
    SERVICE_KEY: KEY,
    SCRIPT_HTTP_ALLOW: `127.0.0.1:${peerPort}, localhost, example.invalid`,
  }),
  [flowModule, userModule, deskModule],
);
const API = '/api/yuan-api';
const { call, data } = apiCalls(t, API, () => tokens.a);
const service = (path: string, code: string, extra: object = {}) =>
  data('/s/saveOrUpdate', { parentId: '0', name: path, kind: 'service', path, code, ...extra });

describe('calling a service by its path (s/{servicePath})', { timeout: 30_000 }, () => {
  it('runs only an enabled service, for its roles or a designer, with the body as parameters', async () => {
    const svc = await service('orders/total', 'return { total: params.a + params.b, who: user.account };');
    expect(await data('/s/orders/total', { a: 2, b: 3 })).toEqual({ total: 5, who: 'admin' });

    const refs = await refsOf(t, '000000');
    const clerk = await scopedUser(t, tokens.a, {
      menu: 'flowService',
      buttons: [],
      deptId: refs.deptId ?? '',
      postId: refs.postId ?? '',
    });
    // Not a designer and not one of the service's roles.
    expect((await call('/s/orders/total', { a: 1, b: 1 }, clerk)).statusCode).toBe(403);
    const clerkRow = await t.database.root
      .selectFrom('yuan_user')
      .select(['role_id', 'account'])
      .where('account', 'like', 'scoped%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await data('/s/saveOrUpdate', { ...svc, roleIds: String(clerkRow.role_id) });
    expect(await data('/s/orders/total', { a: 1, b: 1 }, clerk)).toMatchObject({
      total: 2,
      who: clerkRow.account,
    });

    await data('/s/disable', { id: svc.id });
    const off = await call('/s/orders/total', {});
    expect(off.statusCode).toBe(404);
    expect(off.json().msg).toBe('服务不存在或未启用: orders/total');
    // Another tenant has no such service.
    expect((await call('/s/orders/total', {}, tokens.b)).statusCode).toBe(404);
  });

  it('answers a failing service as an error, refuses bad paths and reserved ones', async () => {
    await service('broken', 'throw new Error("no stock")');
    const failed = await call('/s/broken', {});
    expect(failed.statusCode).toBe(400);
    expect(failed.json().msg).toContain('no stock');
    expect((await call('/s/..%2Fetc', {})).statusCode).toBe(400);
    const reserved = await call('/s/saveOrUpdate', {
      parentId: '0',
      name: 'r',
      kind: 'service',
      path: 'list/x',
    });
    expect(reserved.json().msg).toBe('路径不能以list开头（系统保留）');
  });

  it('serves the seeded examples: the caller’s unread notices, and user names of the tenant only', async () => {
    expect(await data('/s/GetUserName', { userNo: 'admin' })).toBe('管理员');
    expect(await data('/s/GetUserName', { userNo: 'nobody-here' })).toBeNull();
    expect((await call('/s/GetUserName', {})).json().msg).toContain('userNo is required');
    const before = (await data('/s/QueryUnRead', {})).unread;
    const published = await t.call('POST', '/api/yuan-desk/notice/submit', tokens.a, {
      title: 'n1',
      sourceFrom: 'p010',
      status: 1,
      content: '<p>x</p>',
    });
    expect(published.statusCode).toBe(200);
    expect((await data('/s/QueryUnRead', {})).unread).toBe(before + 1);
    // Tenant b has no seeded services (the examples are the platform tenant's).
    expect((await call('/s/GetUserName', { userNo: 'admin' }, tokens.b)).statusCode).toBe(404);
  });
});

describe('the encrypted variant (s/c)', { timeout: 30_000 }, () => {
  it('opens the request, runs the service and seals the answer; a changed byte is refused', async () => {
    await service('Echo', 'return { echo: params.word };');
    const cipher = new ServiceCipher(Buffer.from(KEY, 'hex'));
    const sealed = cipher.seal({ service: 'Echo', params: { word: '你好' } });
    const answer = await data('/s/c', { data: sealed });
    expect(cipher.open(answer.data)).toEqual({ echo: '你好' });

    const bytes = Buffer.from(sealed, 'base64');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    const tampered = await call('/s/c', { data: bytes.toString('base64') });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().msg).toBe('加密内容无效或已被篡改');
    const otherKey = new ServiceCipher(Buffer.from('b2'.repeat(32), 'hex'));
    expect((await call('/s/c', { data: otherKey.seal({ service: 'Echo' }) })).statusCode).toBe(400);
  });
});

describe('http from scripts', { timeout: 30_000 }, () => {
  const fetchIn = (url: string) =>
    data('/s/run', {
      code: `try { const r = http.fetch(${JSON.stringify(url)}); return { status: r.status, body: JSON.parse(r.body) }; }
             catch (e) { return 'refused: ' + e.message; }`,
    });

  it('reaches a listed host and nothing else; a listed name that resolves inside is refused', async () => {
    expect((await fetchIn(`http://127.0.0.1:${peerPort}/ping?x=1`)).value).toEqual({
      status: 200,
      body: { pong: '/ping?x=1' },
    });
    expect(seen).toContain('GET /ping?x=1');
    expect((await fetchIn('http://127.0.0.2:80/')).value).toBe('refused: host not allowed: 127.0.0.2');
    expect((await fetchIn('http://169.254.169.254/latest/meta-data')).value).toMatch(/host not allowed/);
    // `localhost` is on the list by name, but it resolves to the server's own machine.
    expect((await fetchIn(`http://localhost:${peerPort}/`)).value).toMatch(/address not allowed/);
    expect((await fetchIn('file:///etc/passwd')).value).toMatch(/only http and https/);
  });
});

describe('moving, copying, exporting and importing', { timeout: 30_000 }, () => {
  it('copies a module with fresh paths, exports it and imports it all or nothing', async () => {
    const mod = await data('/s/saveOrUpdate', { parentId: '0', name: 'tools', kind: 'module' });
    const inner = await data('/s/saveOrUpdate', { parentId: mod.id, name: 'sub', kind: 'module' });
    const svc = await service('tools/hello', 'return "hi"', { parentId: inner.id });
    // A module cannot go under its own child.
    expect((await call('/s/move', { id: mod.id, parentId: inner.id })).json().success).toBe(false);
    expect((await data('/s/move', { id: svc.id, parentId: mod.id })).parentId).toBe(mod.id);

    const copy = await data('/s/copy', { id: mod.id });
    const list = await data('/s/list', {});
    const copied = list.filter((n: { name: string }) => n.name === 'tools')[1];
    const paths = JSON.stringify(copied);
    expect(copy.id).toBe(copied.id);
    expect(paths).toContain('"path":"tools/hello_copy"');
    expect(paths).toContain('"enabled":false');

    const file = await call('/s/exportModule', { id: mod.id });
    expect(file.headers['content-disposition']).toContain('tools.json');
    const exported = file.json();
    expect(exported).toMatchObject({ format: 'yuan-script-services', version: 1, root: { name: 'tools' } });

    const upload = (text: string, parentId = '0') =>
      uploadForm(t, `${API}/s/importModule`, tokens.a, { parentId }, [
        { field: 'file', filename: 'm.json', data: text },
      ]);
    const before = (await data('/s/list', {})).length;
    const conflict = await upload(file.body);
    expect(conflict.json().msg).toBe('以下路径已存在，未导入任何服务：tools/hello');
    expect((await data('/s/list', {})).length).toBe(before);
    expect((await upload('{"format":"nope"}')).json().msg).toMatch(/^文件不是有效的服务模块导出文件/);
    expect((await upload('not json')).statusCode).toBe(400);

    const renamed = file.body.replace('"path": "tools/hello"', '"path": "imported/hello"');
    const done = await upload(renamed);
    expect(done.json().data).toMatchObject({ imported: 3 });
    // Another tenant imports the original file without conflict: paths are per tenant.
    const theirs = await t.call('GET', `${API}/s/0/tree`, tokens.b);
    expect(theirs.json().data.some((n: { name: string }) => n.name === 'tools')).toBe(false);
  });
});
