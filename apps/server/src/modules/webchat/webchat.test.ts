import {
  type ChatConversation,
  type ChatUser,
  WEBCHAT_CLOSE_FORBIDDEN,
  WEBCHAT_CLOSE_UNAUTHORIZED,
  WEBCHAT_PATH,
} from '@yuan/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksums, twoTenantApp } from '../../../test/fixtures.ts';
import { putFile } from '../../../test/upload.ts';
import { listen, say, TestSocket } from '../../../test/webchat-sockets.ts';
import { webchatModule } from './index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [webchatModule]);
let url = '';
/** Tenant A's administrator and its user "nobody" (see fixtures.ts). */
const ids = { admin: '', nobody: '' };
const open: TestSocket[] = [];

async function call<T>(method: 'GET' | 'POST', path: string, token: string, body?: object) {
  const res = await t.call(method, `${WEBCHAT_PATH}${path}`, token, body);
  return { status: res.statusCode, body: res.json() as { data: T; msg: string } };
}
const data = async <T>(method: 'GET' | 'POST', path: string, token: string, body?: object) => {
  const res = await call<T>(method, path, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const unread = async (token: string) => (await data<{ total: number }>('GET', '/unread', token)).total;
const socket = async (token: string, lastId?: string) => {
  const s = await TestSocket.signedIn(url, token, lastId);
  open.push(s);
  return s;
};
beforeAll(async () => {
  url = await listen(t.app);
  const seenByAdmin = await data<ChatUser[]>('GET', '/users', tokens.a);
  const seenByNobody = await data<ChatUser[]>('GET', '/users?keyword=adm', tokens.noPerm);
  ids.nobody = seenByAdmin.find((u) => u.account === 'nobody')?.id ?? '';
  ids.admin = seenByNobody.find((u) => u.account === 'admin')?.id ?? '';
  expect(ids.nobody).not.toBe('');
  expect(ids.admin).not.toBe('');
  expect(seenByAdmin.some((u) => u.account === 'admin')).toBe(false);
});
afterAll(() => {
  for (const s of open) {
    s.close();
  }
});

let direct: ChatConversation;
const directId = async () => {
  direct ??= await data<ChatConversation>('POST', '/direct', tokens.a, { userId: ids.nobody });
  return direct.id;
};

describe('web chat', () => {
  it('answers the popup address with the web page, no token needed', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${WEBCHAT_PATH}/` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/webchat');
  });

  it('lets two users of a tenant exchange messages, with history pages and unread counts', async () => {
    const id = await directId();
    expect(direct).toMatchObject({ kind: 'direct', name: 'nobody', unread: 0, lastMessage: null });
    expect(direct.members.map((m) => m.id).sort()).toEqual([ids.admin, ids.nobody].sort());
    // One conversation per pair, from either side.
    expect((await data<ChatConversation>('POST', '/direct', tokens.noPerm, { userId: ids.admin })).id).toBe(
      id,
    );
    expect((await call('POST', '/direct', tokens.a, { userId: ids.admin })).status).toBe(400);

    const a = await socket(tokens.a);
    const n = await socket(tokens.noPerm);
    const hello = await say(a, id, 'hello');
    expect(hello).toMatchObject({ conversationId: id, senderId: ids.admin, text: 'hello', attachment: null });
    expect((await n.next('message')).message).toEqual(hello);
    expect(await unread(tokens.noPerm)).toBe(1);
    expect(await unread(tokens.a)).toBe(0);
    const [listed] = await data<ChatConversation[]>('GET', '/conversations', tokens.noPerm);
    expect(listed).toMatchObject({ id, unread: 1, lastMessage: { id: hello.id, text: 'hello' } });

    n.send({ type: 'typing', conversationId: id });
    expect(await a.next('typing')).toEqual({
      type: 'typing',
      conversationId: id,
      userId: ids.nobody,
      name: 'nobody',
    });
    expect(await n.receives('typing', 300)).toBe(false);

    // Twelve more, from both sides; ids increase in the order they were sent.
    const sent = [hello];
    for (let i = 1; i <= 12; i++) {
      sent.push(await say(i % 2 ? n : a, id, `m${i}`));
    }
    expect(sent.map((m) => BigInt(m.id))).toEqual(
      [...sent.map((m) => BigInt(m.id))].sort((x, y) => (x < y ? -1 : 1)),
    );
    const pages: string[][] = [];
    let beforeId: string | undefined;
    for (;;) {
      const page = await data<{ records: { id: string; text: string }[]; hasMore: boolean }>(
        'GET',
        `/messages?id=${id}&size=5${beforeId ? `&beforeId=${beforeId}` : ''}`,
        tokens.a,
      );
      pages.unshift(page.records.map((r) => r.text));
      if (!page.hasMore) {
        break;
      }
      beforeId = page.records[0]?.id;
    }
    expect(pages.map((p) => p.length)).toEqual([3, 5, 5]);
    expect(pages.flat()).toEqual(sent.map((m) => m.text));

    // Sending reads the conversation: nobody's own m11 read everything before it; admin's m12 is its one unread.
    expect(await unread(tokens.noPerm)).toBe(1);
    expect(await unread(tokens.a)).toBe(0);
    const read = await data<{ total: number; lastReadId: string }>('POST', '/read', tokens.noPerm, { id });
    expect(read).toMatchObject({ total: 0, lastReadId: sent.at(-1)?.id });
    expect(await n.next('read')).toEqual({ type: 'read', conversationId: id, lastReadId: sent.at(-1)?.id });
    // Reading up to a given message leaves the later ones unread.
    const x = await say(a, id, 'x');
    await say(a, id, 'y');
    await data('POST', '/read', tokens.noPerm, { id, lastId: x.id });
    expect(await unread(tokens.noPerm)).toBe(1);
    const [after] = await data<ChatConversation[]>('GET', '/conversations', tokens.noPerm);
    expect(after).toMatchObject({ id, unread: 1, lastReadId: x.id, lastMessage: { text: 'y' } });
    await data('POST', '/read', tokens.noPerm, { id });
    expect(await unread(tokens.noPerm)).toBe(0);
  });

  it('catches a reconnecting socket up from the last id it saw', async () => {
    const id = await directId();
    const a = await socket(tokens.a);
    const first = await socket(tokens.noPerm);
    const seen = await say(a, id, 'before');
    expect((await first.next('message', (f) => f.message.id === seen.id)).message.text).toBe('before');
    first.close();
    await first.closed;
    const missed = [await say(a, id, 'while away 1'), await say(a, id, 'while away 2')];

    const again = await socket(tokens.noPerm, seen.id);
    const history = await again.next('history');
    expect(history.more).toBe(false);
    expect(history.messages).toEqual(missed);
    // The same on an open socket, and live messages follow.
    again.send({ type: 'sync', lastId: missed[0]?.id });
    expect((await again.next('history')).messages.map((m) => m.text)).toEqual(['while away 2']);
    const live = await say(a, id, 'live');
    expect((await again.next('message')).message).toEqual(live);
  });

  it('closes a socket that has not proved a live session', async () => {
    const refused = async (first: (s: TestSocket) => void) => {
      const s = await TestSocket.open(url);
      first(s);
      return (await s.closed).code;
    };
    expect(await refused((s) => s.send({ type: 'auth', token: 'not.a.token' }))).toBe(
      WEBCHAT_CLOSE_UNAUTHORIZED,
    );
    expect(await refused((s) => s.raw('{not json'))).toBe(WEBCHAT_CLOSE_UNAUTHORIZED);
    expect(
      await refused((s) => s.send({ type: 'send', conversationId: '1', text: 'hi', clientId: 'x' })),
    ).toBe(WEBCHAT_CLOSE_UNAUTHORIZED);
    const revoked = (await t.login({ ip: '10.9.3.1' })).access_token;
    await t.call('GET', '/api/yuan-auth/oauth/logout', revoked);
    expect(await refused((s) => s.send({ type: 'auth', token: revoked }))).toBe(WEBCHAT_CLOSE_UNAUTHORIZED);
    // Without a token the REST calls answer 401 as every other.
    const res = await t.app.inject({ method: 'GET', url: `${WEBCHAT_PATH}/unread` });
    expect(res.statusCode).toBe(401);
  });

  it('stores messages as plain text, never as markup', async () => {
    const id = await directId();
    const a = await socket(tokens.a);
    const n = await socket(tokens.noPerm);
    const sent = await say(a, id, '<b>bold</b> <script>alert(1)</script>a < b <img src=x onerror=alert(1)>');
    expect(sent.text).toBe('bold a < b');
    expect((await n.next('message', (f) => f.message.id === sent.id)).message.text).toBe('bold a < b');
    const stored = await sql<{
      body: string;
    }>`SELECT body FROM yuan_chat_message WHERE id = ${sent.id}`.execute(t.database.root);
    expect(stored.rows[0]?.body).toBe('bold a < b');
    const markup = await sql<{ n: number }>`SELECT count(*)::int AS n FROM yuan_chat_message
      WHERE body ~ '<[A-Za-z/!?]'`.execute(t.database.root);
    expect(markup.rows[0]?.n).toBe(0);

    a.send({ type: 'send', conversationId: id, text: '<p> </p>', clientId: 'empty' });
    expect(await a.next('error', (f) => f.clientId === 'empty')).toMatchObject({
      code: 400,
      msg: '消息不能为空',
    });
    a.send({ type: 'send', conversationId: id, text: 'x'.repeat(2001), clientId: 'long' });
    expect((await a.next('error', (f) => f.clientId === 'long')).msg).toBe('消息不能超过2000个字符');
    a.raw('not json');
    expect((await a.next('error')).code).toBe(400);
  });

  it('keeps an attachment stored with put-file, and only its uploader may send it', async () => {
    const id = await directId();
    const a = await socket(tokens.a);
    const n = await socket(tokens.noPerm);
    const up = (await putFile(t, tokens.a, 'note.txt', Buffer.from('hello file'))).json().data;
    const sent = await say(a, id, '', { attachId: up.attachId });
    expect(sent.attachment).toEqual({ name: 'note.txt', link: up.link, size: 10 });
    expect((await n.next('message', (f) => f.message.id === sent.id)).message.attachment?.link).toBe(up.link);
    n.send({ type: 'send', conversationId: id, text: 'mine?', attachId: up.attachId, clientId: 'steal' });
    expect(await n.next('error', (f) => f.clientId === 'steal')).toMatchObject({ code: 404 });
  });

  it('makes groups: members hear of them and of their messages', async () => {
    const n = await socket(tokens.noPerm);
    const group = await data<ChatConversation>('POST', '/group', tokens.a, {
      name: '<i>Team</i>',
      memberIds: [ids.nobody, ids.admin],
    });
    expect(group).toMatchObject({ kind: 'group', name: 'Team' });
    expect(group.members).toHaveLength(2);
    expect(await n.next('conversation')).toEqual({ type: 'conversation', conversationId: group.id });
    const a = await socket(tokens.a);
    const sent = await say(a, group.id, 'team news');
    expect((await n.next('message', (f) => f.message.id === sent.id)).message.conversationId).toBe(group.id);
    const mine = await data<ChatConversation[]>('GET', '/conversations', tokens.noPerm);
    expect(mine[0]).toMatchObject({ id: group.id, name: 'Team', unread: 1 });
    expect((await call('POST', '/group', tokens.a, { name: ' ', memberIds: [ids.nobody] })).body.msg).toBe(
      '请输入群聊名称',
    );
    expect((await call('POST', '/group', tokens.a, { name: 'x', memberIds: [ids.admin] })).body.msg).toBe(
      '请选择成员',
    );
  });

  it("keeps another tenant out: A's users and conversations are not found, and nothing changes", async () => {
    const id = await directId();
    const before = await checksums(t);
    expect(await data<ChatUser[]>('GET', '/users', tokens.b)).toEqual([]);
    expect(await data<ChatConversation[]>('GET', '/conversations', tokens.b)).toEqual([]);
    for (const [method, path, body] of [
      ['POST', '/direct', { userId: ids.nobody }],
      ['POST', '/group', { name: 'x', memberIds: [ids.nobody] }],
      ['GET', `/messages?id=${id}`, undefined],
      ['POST', '/read', { id }],
    ] as const) {
      expect((await call(method, path, tokens.b, body)).status, path).toBe(404);
    }
    const b = await socket(tokens.b);
    b.send({ type: 'send', conversationId: id, text: 'hi A', clientId: 'b1' });
    expect(await b.next('error', (f) => f.clientId === 'b1')).toMatchObject({ code: 404 });
    b.send({ type: 'typing', conversationId: id });
    expect(await b.next('error')).toMatchObject({ code: 404 });
    b.send({ type: 'sync', lastId: '0' });
    expect((await b.next('history')).messages).toEqual([]);
    expect(await checksums(t)).toEqual(before);
  });

  it('tells a socket that sends too fast to slow down', async () => {
    const id = await directId();
    const a = await socket(tokens.a);
    for (let i = 0; i < 15; i++) {
      a.send({ type: 'send', conversationId: id, text: `burst ${i}`, clientId: `burst-${i}` });
    }
    expect(await a.next('error', (f) => f.clientId?.startsWith('burst-') === true)).toMatchObject({
      code: 429,
    });
    await data('POST', '/read', tokens.noPerm, { id });
  });

  it('closes the socket of a user whose roles an API scope naming the chat leaves out', async () => {
    const menu = await t.database.root.selectFrom('yuan_menu').select('id').executeTakeFirstOrThrow();
    const scope = await t.call('POST', '/api/yuan-system/api-scope/submit', tokens.a, {
      menuId: menu.id,
      resourceCode: 'webchat',
      scopeName: 'web chat',
      scopePath: '/api/webchat/*',
      scopeType: 1,
    });
    expect(scope.statusCode, scope.body).toBe(200);
    try {
      expect((await call('GET', '/unread', tokens.noPerm)).status).toBe(403);
      const refused = await TestSocket.open(url);
      refused.send({ type: 'auth', token: tokens.noPerm });
      expect((await refused.closed).code).toBe(WEBCHAT_CLOSE_FORBIDDEN);
      // Administrators are never limited by API scopes.
      expect((await socket(tokens.a)).frames).toEqual([]);
    } finally {
      await t.call('POST', '/api/yuan-system/api-scope/remove', tokens.a, { ids: scope.json().data.id });
    }
  });
});
