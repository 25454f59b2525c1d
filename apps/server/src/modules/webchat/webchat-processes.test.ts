import type { ChatConversation, ChatUser } from '@yuan/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/env.ts';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { redisAvailable, startRedis } from '../../../test/redis.ts';
import { eventually, listen, say, TestSocket } from '../../../test/webchat-sockets.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/index.ts';
import { webchatModule } from './index.ts';

/**
 * The web chat with several server processes: each app here stands for one process, with its own sockets and its
 * own fan-out, sharing the database (and Redis).
 */
const { t, tokens } = twoTenantApp(() => ({}), [webchatModule]);
let id = '';

beforeAll(async () => {
  const users = await t.call('GET', '/api/webchat/users', tokens.a);
  const nobody = (users.json().data as ChatUser[]).find((u) => u.account === 'nobody');
  const made = await t.call('POST', '/api/webchat/direct', tokens.a, { userId: nobody?.id });
  id = (made.json().data as ChatConversation).id;
});

describe('web chat across server processes', () => {
  it.runIf(redisAvailable())(
    'reaches a socket of another process through Redis pub/sub, and catches up after losing Redis',
    async () => {
      const redis = await startRedis('chat pw');
      const redisUrl = redis.url;
      const apps = await Promise.all(
        [1, 2].map(() =>
          buildApp({
            config: testConfig({ REDIS_URL: redisUrl }),
            database: t.database,
            logger: false,
            modules: [webchatModule],
          }),
        ),
      );
      const sockets: TestSocket[] = [];
      try {
        const [one, two] = await Promise.all(apps.map(listen));
        const a = await TestSocket.signedIn(one as string, tokens.a);
        const n = await TestSocket.signedIn(two as string, tokens.noPerm);
        sockets.push(a, n);
        const sent = await say(a, id, 'via redis');
        expect((await n.next('message', (f) => f.message.id === sent.id)).message.text).toBe('via redis');

        await redis.dropClients();
        await n.next('resync', () => true, 10_000);
        await a.next('resync', () => true, 10_000);
        const later = await say(a, id, 'after the restart');
        expect(await eventually(n, sent.id, later.id)).toBe('after the restart');
      } finally {
        for (const s of sockets) {
          s.close();
        }
        await Promise.all(apps.map((app) => app.close()));
        await redis.close();
      }
    },
  );

  it('reaches a socket of another process through PostgreSQL NOTIFY, large messages too, and catches up after LISTEN is lost', async () => {
    const databases = await Promise.all([1, 2].map(() => openDatabase({ url: t.database.url })));
    const apps = await Promise.all(
      databases.map((database) =>
        buildApp({ config: testConfig(), database, logger: false, modules: [webchatModule] }),
      ),
    );
    const sockets: TestSocket[] = [];
    try {
      const [one, two] = await Promise.all(apps.map(listen));
      const a = await TestSocket.signedIn(one as string, tokens.a);
      const n = await TestSocket.signedIn(two as string, tokens.noPerm);
      sockets.push(a, n);
      const sent = await say(a, id, 'via notify');
      expect((await n.next('message', (f) => f.message.id === sent.id)).message.text).toBe('via notify');
      // Beyond NOTIFY's 8000 bytes: it travels as its id and the receiving process loads it.
      const big = await say(a, id, '😀'.repeat(2000));
      expect((await n.next('message', (f) => f.message.id === big.id)).message.text).toHaveLength(4000);

      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query = 'LISTEN yuan_bus'`.execute(t.database.root);
      // Both processes lost theirs: each tells its sockets once it listens again.
      await n.next('resync', () => true, 10_000);
      await a.next('resync', () => true, 10_000);
      const later = await say(a, id, 'after LISTEN came back');
      expect(await eventually(n, big.id, later.id)).toBe('after LISTEN came back');
    } finally {
      for (const s of sockets) {
        s.close();
      }
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});
