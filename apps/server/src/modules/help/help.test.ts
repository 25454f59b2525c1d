import { describe, expect, it } from 'vitest';
import { addUser, TENANT_B, twoTenantApp } from '../../../test/fixtures.ts';
import { putFile } from '../../../test/upload.ts';
import { nextId } from '../../lib/id.ts';
import { helpModule } from './index.ts';

const BASE = '/api/yuan-api/showHallConfig';
const { t, tokens } = twoTenantApp(() => ({}), [helpModule]);

interface Item {
  id: string;
  title: string;
  frontPath: string;
  contentPath: string;
  columnNo: string;
}

const submit = (body: Record<string, unknown>, token = tokens.a) =>
  t.call('POST', `${BASE}/submit`, token, body);
const listHelp = (token: string, body?: unknown) => t.call('POST', `${BASE}/listHelp`, token, body);
const configOf = async (token: string, body?: unknown): Promise<Item[]> => {
  const res = await listHelp(token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.config;
};

async function add(title: string, extra: Record<string, unknown> = {}, token = tokens.a): Promise<string> {
  const res = await submit({ title, contentPath: `/oss/000000/20250101/${title}.mp4`, ...extra }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** A user of tenant 000000 whose role holds exactly these menu codes. */
async function userWith(account: string, codes: string[]): Promise<string> {
  const root = t.database.root;
  const roleId = nextId();
  await root
    .insertInto('yuan_role')
    .values({ tenant_id: '000000', id: roleId, role_name: account, role_alias: account })
    .execute();
  const menus = await root.selectFrom('yuan_menu').select('id').where('code', 'in', codes).execute();
  expect(menus).toHaveLength(codes.length);
  await root
    .insertInto('yuan_role_menu')
    .values(menus.map((m) => ({ tenant_id: '000000', role_id: roleId, menu_id: m.id })))
    .execute();
  await addUser(t, { tenantId: '000000', account, roleId });
  return (await t.login({ username: account, ip: `10.7.0.${codes.length + 1}` })).access_token;
}

/** A 1 s silent 8 kHz mono 16-bit WAV. */
function wav(): Buffer {
  const samples = 8000;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(8000, 24);
  out.writeUInt32LE(16000, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(samples * 2, 40);
  return out;
}

describe('help videos', () => {
  it('the administrator is granted the screen and its buttons; the screen is a hidden menu', async () => {
    const buttons = await t.call('GET', '/api/yuan-system/menu/buttons', tokens.a);
    const codes: string[] = [];
    const walk = (nodes: { code: string; children?: unknown[] }[]) => {
      for (const node of nodes) {
        codes.push(node.code);
        walk((node.children ?? []) as { code: string }[]);
      }
    };
    walk(buttons.json().data);
    expect(codes).toEqual(expect.arrayContaining(['helpVideo_add', 'helpVideo_edit', 'helpVideo_delete']));
    const menu = await t.database.root
      .selectFrom('yuan_menu')
      .select(['path', 'hidden'])
      .where('code', '=', 'helpVideo')
      .executeTakeFirstOrThrow();
    expect(menu).toEqual({ path: '/help/video', hidden: 1 });
  });

  it('manages videos with the helpVideo codes; the column defaults to M01', async () => {
    const id = await add('login', {
      columnNo: 'P01',
      frontPath: 'https://cdn.example.com/login.png',
      sort: 2,
    });
    const plain = await add('plain');
    const emptied = await add('emptied', { columnNo: '' });
    const detail = await t.call('GET', `${BASE}/detail?id=${plain}`, tokens.a);
    expect(detail.json().data).toMatchObject({ title: 'plain', columnNo: 'M01', frontPath: '', sort: 0 });
    expect((await t.call('GET', `${BASE}/detail?id=${emptied}`, tokens.a)).json().data.columnNo).toBe('M01');

    const page = await t.call('GET', `${BASE}/list?columnNo=P01&current=1&size=10`, tokens.a);
    expect(page.json().data.records.map((r: Item) => r.title)).toEqual(['login']);

    const edited = await submit({ id, title: 'sign in', contentPath: '/oss/v.webm', columnNo: 'P03' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'sign in',
      columnNo: 'P03',
      contentPath: '/oss/v.webm',
    });

    const removed = await t.call('POST', `${BASE}/remove?ids=${plain},${emptied}`, tokens.a);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await configOf(tokens.a)).map((v) => v.title)).not.toContain('plain');
  });

  it('refuses callers without the codes: the menu alone reads, the buttons write', async () => {
    const id = await add('guarded');
    for (const [method, url, body] of [
      ['GET', `${BASE}/list`, undefined],
      ['GET', `${BASE}/detail?id=${id}`, undefined],
      ['POST', `${BASE}/submit`, { title: 'x', contentPath: '/v.mp4' }],
      ['POST', `${BASE}/remove?ids=${id}`, undefined],
    ] as const) {
      expect((await t.call(method, url, tokens.noPerm, body)).statusCode, url).toBe(403);
    }
    const reader = await userWith('video-reader', ['helpVideo']);
    expect((await t.call('GET', `${BASE}/list`, reader)).statusCode).toBe(200);
    expect(
      (await t.call('POST', `${BASE}/submit`, reader, { title: 'x', contentPath: '/v.mp4' })).statusCode,
    ).toBe(403);
    expect(
      (await t.call('POST', `${BASE}/submit`, reader, { id, title: 'x', contentPath: '/v.mp4' })).statusCode,
    ).toBe(403);
    expect((await t.call('POST', `${BASE}/remove?ids=${id}`, reader)).statusCode).toBe(403);

    const editor = await userWith('video-editor', ['helpVideo', 'helpVideo_edit']);
    expect(
      (await t.call('POST', `${BASE}/submit`, editor, { title: 'x', contentPath: '/v.mp4' })).statusCode,
    ).toBe(403);
    const renamed = await t.call('POST', `${BASE}/submit`, editor, {
      id,
      title: 'renamed',
      contentPath: '/v.mp4',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Any signed-in user reads the help dialog's list.
    expect((await configOf(tokens.noPerm)).map((v) => v.title)).toContain('renamed');
  });

  it("listHelp answers the caller's tenant's videos, filtered by column", async () => {
    await add('tenant-a-m01', { columnNo: 'M01', sort: 1 });
    await add('tenant-a-p03', { columnNo: 'P03' });
    await add('tenant-b-only', { columnNo: 'P03' }, tokens.b);

    const a = await configOf(tokens.a);
    expect(a.map((v) => v.title)).toEqual(expect.arrayContaining(['tenant-a-m01', 'tenant-a-p03']));
    expect(a.map((v) => v.title)).not.toContain('tenant-b-only');
    expect(Object.keys(a[0] ?? {}).sort()).toEqual(['columnNo', 'contentPath', 'frontPath', 'id', 'title']);
    // No body and an empty column both mean every column.
    expect(await configOf(tokens.a, {})).toEqual(a);
    expect(await configOf(tokens.a, { columnNo: '' })).toEqual(a);

    const p03 = await configOf(tokens.a, { columnNo: 'P03' });
    expect(p03.length).toBeGreaterThan(0);
    expect(p03.every((v) => v.columnNo === 'P03')).toBe(true);
    expect(p03.map((v) => v.title)).toContain('tenant-a-p03');
    expect((await configOf(tokens.b)).map((v) => v.title)).toEqual(['tenant-b-only']);

    const bad = await listHelp(tokens.a, { columnNo: 'X99' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, msg: '栏目只能是 M01、P01、P03' });
    const english = await t.app.inject({
      method: 'POST',
      url: `${BASE}/listHelp`,
      headers: { 'blade-auth': `bearer ${tokens.a}`, 'accept-language': 'en' },
      payload: { columnNo: 'm01' },
    });
    expect(english.json().msg).toBe('The column must be one of M01, P01, P03');
    expect((await listHelp(tokens.a, { columnNo: 'M01', other: 1 })).statusCode).toBe(400);
  });

  it('refuses unknown columns and addresses that are not http(s) or of this origin', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ contentPath: 'javascript:alert(1)' }, '视频格式不匹配'],
      [{ contentPath: 'JavaScript:alert(1)' }, '视频格式不匹配'],
      [{ contentPath: '//evil.example/v.mp4' }, '视频格式不匹配'],
      [{ contentPath: '/\\evil.example/v.mp4' }, '视频格式不匹配'],
      [{ contentPath: 'data:video/mp4;base64,AAAA' }, '视频格式不匹配'],
      [{ contentPath: '/v.mp4', frontPath: 'javascript:alert(1)' }, '封面格式不匹配'],
      [{ contentPath: '/v.mp4', frontPath: 'http://x/" onerror="alert(1)' }, '封面格式不匹配'],
      [{ contentPath: '/v.mp4', columnNo: 'X99' }, '栏目格式不匹配'],
      [{ contentPath: '' }, '请上传视频'],
      [{ contentPath: '/v.mp4', title: 'x'.repeat(129) }, '标题长度不能超过128个字符'],
    ];
    const before = await configOf(tokens.a);
    for (const [body, msg] of refusals) {
      const res = await submit({ title: 'bad', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg, JSON.stringify(body)).toBe(msg);
    }
    expect(await configOf(tokens.a)).toEqual(before);
    const fine = await add('remote', { contentPath: 'https://media.example.com/a%20b.mp4' });
    expect((await t.call('GET', `${BASE}/detail?id=${fine}`, tokens.a)).statusCode).toBe(200);
  });

  it("another tenant's id is not found and stays unchanged", async () => {
    const id = await add('private', { columnNo: 'P01' });
    const seen = (await t.call('GET', `${BASE}/detail?id=${id}`, tokens.a)).json().data;
    expect((await t.call('GET', `${BASE}/detail?id=${id}`, tokens.b)).statusCode).toBe(404);
    expect((await submit({ id, title: 'stolen', contentPath: '/v.mp4' }, tokens.b)).statusCode).toBe(404);
    expect((await t.call('POST', `${BASE}/remove?ids=${id}`, tokens.b)).statusCode).toBe(404);
    expect((await t.call('GET', `${BASE}/detail?id=${id}`, tokens.a)).json().data).toEqual(seen);
    expect((await configOf(tokens.b)).map((v) => v.id)).not.toContain(id);
  });

  it('rows stored before the address rule never reach the dialog with another scheme', async () => {
    const root = t.database.root;
    const unsafe = nextId();
    const coverless = nextId();
    await root
      .insertInto('yuan_help_video')
      .values([
        { tenant_id: TENANT_B, id: unsafe, title: 'old', content_path: 'javascript:alert(1)' },
        {
          tenant_id: TENANT_B,
          id: coverless,
          title: 'old cover',
          content_path: '/v.mp4',
          front_path: 'javascript:alert(1)',
          column_no: 'Z',
        },
      ])
      .execute();
    const items = await configOf(tokens.b);
    expect(items.map((v) => v.id)).not.toContain(unsafe);
    expect(items.find((v) => v.id === coverless)).toMatchObject({ frontPath: '', columnNo: 'M01' });
  });

  it('put-file stores a video or audio file, served with byte ranges so a player can seek', async () => {
    const up = await putFile(t, tokens.a, 'guide.wav', wav());
    expect(up.statusCode, up.body).toBe(200);
    const link: string = up.json().data.link;
    expect(link).toMatch(/^\/oss\/000000\/\d{8}\/\w+\.wav$/);
    const part = await t.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=44-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toMatch(/^audio\/(x-)?wav/);
    expect(part.rawPayload.length).toBe(56);
    // The content must be what the name says.
    expect((await putFile(t, tokens.a, 'fake.mp4', Buffer.from('not a video'))).statusCode).toBe(400);
    const saved = await add('uploaded', { contentPath: link });
    expect((await configOf(tokens.a)).find((v) => v.id === saved)?.contentPath).toBe(link);
  });
});
