import type { ChatMessage } from '@yuan/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChatEvent, encodeEvent, type FanOutSink, receive } from './fan-out.ts';
import { encodeCommand, RedisConnection, RespError, RespParser } from './resp-client.ts';
import { FakeRedis } from './webchat.test-support.ts';

const message = (text: string): ChatMessage => ({
  id: '42',
  conversationId: '7',
  senderId: '1',
  senderName: 'A',
  text,
  attachment: null,
  createTime: new Date(0).toISOString(),
});

function recordingSink(load?: FanOutSink['load']) {
  const delivered: ChatEvent[] = [];
  let resyncs = 0;
  const sink: FanOutSink = {
    deliver: (event) => delivered.push(event),
    resync: () => {
      resyncs++;
    },
    load: load ?? (async () => undefined),
  };
  return { sink, delivered, resyncs: () => resyncs };
}

describe('fan-out wire form', () => {
  it('carries a small event whole and a large message by id, which the receiver loads', async () => {
    const small: ChatEvent = {
      tenantId: 't1',
      userIds: ['1', '2'],
      frame: { type: 'message', message: message('hi') },
    };
    const big: ChatEvent = {
      tenantId: 't1',
      userIds: ['1', '2'],
      frame: { type: 'message', message: message('😀'.repeat(2000)), clientId: 'c9' },
    };
    const { sink, delivered } = recordingSink(async (tenantId, id, clientId) => ({
      tenantId,
      userIds: ['2'],
      frame: { type: 'message', message: { ...message('loaded'), id }, ...(clientId ? { clientId } : {}) },
    }));
    const wholeText = encodeEvent(small, 7_900);
    const refText = encodeEvent(big, 7_900);
    expect(Buffer.byteLength(refText)).toBeLessThan(100);
    expect(JSON.parse(refText)).toEqual({ t: 't1', ref: '42', c: 'c9' });
    await receive(wholeText, sink);
    await receive(refText, sink);
    expect(delivered).toEqual([
      small,
      {
        tenantId: 't1',
        userIds: ['2'],
        frame: { type: 'message', message: message('loaded'), clientId: 'c9' },
      },
    ]);
    // Without a limit (Redis) the large one travels whole too.
    expect(JSON.parse(encodeEvent(big, Number.POSITIVE_INFINITY)).f.message.text).toHaveLength(4000);
  });

  it('ignores what is not an event and passes a resync on', async () => {
    const { sink, delivered, resyncs } = recordingSink();
    for (const text of [
      '',
      'not json',
      'null',
      '42',
      '{"t":1}',
      '{"t":"x","u":"1","f":{}}',
      '{"t":"x","u":[]}',
    ]) {
      await receive(text, sink);
    }
    await receive('{"resync":true}', sink);
    expect(delivered).toEqual([]);
    expect(resyncs()).toBe(1);
  });
});

describe('RESP', () => {
  it('parses values split anywhere across chunks', () => {
    const wire = Buffer.from(
      '+OK\r\n-ERR no\r\n:12\r\n$4\r\nhé!\r\n$-1\r\n*3\r\n$7\r\nmessage\r\n$1\r\nc\r\n$0\r\n\r\n*-1\r\n',
    );
    const parser = new RespParser();
    const values = [];
    for (let i = 0; i < wire.length; i++) {
      values.push(...parser.push(wire.subarray(i, i + 1)));
    }
    expect(values.slice(0, 1)).toEqual(['OK']);
    expect(values[1]).toBeInstanceOf(RespError);
    expect(values.slice(2)).toEqual([12, 'hé!', null, ['message', 'c', ''], null]);
    expect(encodeCommand(['PUBLISH', 'c', 'hé']).toString()).toBe(
      '*3\r\n$7\r\nPUBLISH\r\n$1\r\nc\r\n$3\r\nhé\r\n',
    );
  });
});

describe('Redis connection', () => {
  const open: (RedisConnection | FakeRedis)[] = [];
  afterEach(async () => {
    for (const item of open.splice(0)) {
      await item.close();
    }
  });

  it('authenticates, selects the database, publishes, receives, and resubscribes after a loss', async () => {
    const redis = new FakeRedis('s3cret:pw');
    open.push(redis);
    const url = new URL(await redis.listen());
    const received: string[] = [];
    const ready: boolean[] = [];
    const sub = new RedisConnection(url, {
      subscribe: 'chan',
      onMessage: (payload) => received.push(payload),
      onReady: (again) => ready.push(again),
    });
    const pub = new RedisConnection(url);
    open.push(sub, pub);
    await Promise.all([sub.start(), pub.start()]);
    expect(redis.commands).toEqual(
      expect.arrayContaining([
        ['AUTH', 's3cret:pw'],
        ['SELECT', '1'],
        ['SUBSCRIBE', 'chan'],
      ]),
    );
    expect(await pub.command(['PUBLISH', 'chan', 'one'])).toBe(1);
    await expect.poll(() => received).toEqual(['one']);

    redis.dropAll();
    await expect.poll(() => ready, { timeout: 5_000 }).toEqual([false, true]);
    await expect.poll(() => pub.isReady, { timeout: 5_000 }).toBe(true);
    expect(await pub.command(['PUBLISH', 'chan', 'two'])).toBe(1);
    await expect.poll(() => received).toEqual(['one', 'two']);
  });

  it('fails a command at once while disconnected, and refuses a wrong password', async () => {
    const redis = new FakeRedis('right');
    open.push(redis);
    const url = new URL(await redis.listen());
    url.password = 'wrong';
    const conn = new RedisConnection(url);
    open.push(conn);
    await expect(conn.start()).rejects.toThrow(/WRONGPASS/);
    await expect(conn.command(['PING'])).rejects.toThrow(/not connected/);
  });
});
