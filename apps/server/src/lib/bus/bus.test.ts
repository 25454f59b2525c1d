import { describe, expect, it, vi } from 'vitest';
import { useDatabaseCopy } from '../../../test/harness.ts';
import { RecordingTransport } from '../../../test/recording-transport.ts';
import { Bus, busFor } from './index.ts';

const none = () => undefined;

function listener() {
  const heard: unknown[] = [];
  let resyncs = 0;
  return {
    heard,
    resyncs: () => resyncs,
    subscriber: {
      deliver: (value: unknown) => heard.push(value),
      resync: () => {
        resyncs++;
      },
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

const db = useDatabaseCopy();

describe('the bus between processes', () => {
  it("picks Redis when REDIS_URL is set, else NOTIFY on the app's PostgreSQL", () => {
    expect(busFor({ redisUrl: 'redis://h:6379' }, db(), none).kind).toBe('redis');
    expect(busFor({ redisUrl: undefined }, db(), none).kind).toBe('postgres');
  });

  it("sends what one tick publishes as one frame, to each topic's subscribers only", async () => {
    const wire = new RecordingTransport();
    const bus = new Bus(wire, none);
    await bus.start();
    const cache = listener();
    const chat = listener();
    bus.subscribe('cache', cache.subscriber);
    bus.subscribe('chat', chat.subscriber);
    bus.publish('cache', { key: 1 });
    bus.publish('cache', { key: 2 });
    bus.publish('chat', 'hi');
    expect(wire.sent).toEqual([]);
    await tick();
    expect(wire.sent).toHaveLength(1);
    wire.echo();
    expect(cache.heard).toEqual([{ key: 1 }, { key: 2 }]);
    expect(chat.heard).toEqual(['hi']);
    // What another program may send on the channel is ignored.
    for (const frame of ['', 'not json', '{"x":1}', '[1,[2]]', '{"o":"x","i":[1,[2]]}']) {
      wire.hear(frame);
    }
    expect(cache.heard).toHaveLength(2);
  });

  it('with a gathering time, sends what is published within it as one frame, once the time is up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const wire = new RecordingTransport();
      const bus = new Bus(wire, none, 20);
      await bus.start();
      const cache = listener();
      bus.subscribe('cache', cache.subscriber);
      bus.publish('cache', { cache: 'list', key: 'a' }, { once: true });
      await tick();
      await vi.advanceTimersByTimeAsync(15);
      // Another write's drop of the same entry within the time goes with the first, once.
      bus.publish('cache', { cache: 'list', key: 'a' }, { once: true });
      bus.publish('cache', { cache: 'list', key: 'b' }, { once: true });
      expect(wire.sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(5);
      expect(wire.sent).toHaveLength(1);
      wire.echo();
      expect(cache.heard).toEqual([
        { cache: 'list', key: 'a' },
        { cache: 'list', key: 'b' },
      ]);
      // The next publish starts a new gathering.
      bus.publish('cache', { cache: 'list', key: 'a' }, { once: true });
      await vi.advanceTimersByTimeAsync(19);
      expect(wire.sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(wire.sent).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a value published `once` a single time per frame, and repeats everything else', async () => {
    const wire = new RecordingTransport();
    const bus = new Bus(wire, none);
    await bus.start();
    const cache = listener();
    const chat = listener();
    bus.subscribe('cache', cache.subscriber);
    bus.subscribe('chat', chat.subscriber);
    for (let i = 0; i < 5; i++) {
      bus.publish('cache', { cache: 'list', key: 'a' }, { once: true });
      bus.publish('chat', 'hi');
    }
    bus.publish('cache', { cache: 'list', key: 'b' }, { once: true });
    await tick();
    expect(wire.sent).toHaveLength(1);
    wire.echo();
    expect(cache.heard).toEqual([
      { cache: 'list', key: 'a' },
      { cache: 'list', key: 'b' },
    ]);
    expect(chat.heard).toEqual(['hi', 'hi', 'hi', 'hi', 'hi']);
  });

  it('splits frames at the wire size and refuses a value larger than a frame', async () => {
    const wire = new RecordingTransport(200);
    const errors: unknown[] = [];
    const log = { error: (...args: unknown[]) => errors.push(args), warn: () => undefined };
    const bus = new Bus(wire, () => log as never);
    for (let i = 0; i < 6; i++) {
      bus.publish('t', 'x'.repeat(40));
    }
    bus.publish('t', 'y'.repeat(300));
    await tick();
    expect(wire.sent.length).toBeGreaterThan(1);
    for (const frame of wire.sent) {
      expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(200);
    }
    expect(wire.sent.flatMap((frame) => (JSON.parse(frame) as { i: unknown[] }).i)).toHaveLength(6);
    expect(errors).toHaveLength(1);
  });

  it('sends inside a unit only once it commits, never after a rollback', async () => {
    const wire = new RecordingTransport();
    const bus = new Bus(wire, none);
    await db().run({ tenantId: '000000' }, async () => {
      await db().db.updateTable('yuan_param').set({ param_value: 'v' }).where('id', '=', '-1').execute();
      bus.publish('t', 'committed');
      await tick();
      expect(wire.sent).toEqual([]);
    });
    await tick();
    const items = () => wire.sent.map((frame) => (JSON.parse(frame) as { i: unknown[] }).i);
    expect(items()).toEqual([[['t', 'committed']]]);
    await expect(
      db().run({ tenantId: '000000' }, async () => {
        await db().db.updateTable('yuan_param').set({ param_value: 'v' }).where('id', '=', '-1').execute();
        bus.publish('t', 'rolled back');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await tick();
    expect(items()).toEqual([[['t', 'committed']]]);
  });

  it("keeps this process's own frames from a subscriber that acted on them already", async () => {
    const wire = new RecordingTransport();
    const bus = new Bus(wire, none);
    await bus.start();
    const chat = listener();
    const cache = listener();
    bus.subscribe('t', chat.subscriber);
    bus.subscribe('t', { ...cache.subscriber, ownFrames: false });
    bus.publish('t', 'mine');
    await tick();
    wire.hear(JSON.stringify({ o: 'another process', i: [['t', 'theirs']] }));
    wire.echo();
    expect(chat.heard).toEqual(['theirs', 'mine']);
    expect(cache.heard).toEqual(['theirs']);
  });

  it("gives a frame it could not send to this process's subscribers, then tells every process to catch up", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const wire = new RecordingTransport();
      const bus = new Bus(wire, none);
      await bus.start();
      const here = listener();
      bus.subscribe('t', here.subscriber);
      wire.failing = 2;
      bus.publish('t', 'lost');
      await tick();
      expect(here.heard).toEqual(['lost']);
      expect(wire.sent).toEqual([]);
      // The first "catch up" fails too; the next one goes.
      await vi.advanceTimersByTimeAsync(200);
      expect(wire.sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(400);
      expect(wire.sent).toEqual(['{"resync":true}']);
      wire.echo();
      expect(here.resyncs()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells every subscriber to catch up when a lost subscription is back', async () => {
    const wire = new RecordingTransport();
    const bus = new Bus(wire, none);
    await bus.start();
    const one = listener();
    const two = listener();
    bus.subscribe('a', one.subscriber);
    const stop = bus.subscribe('b', two.subscriber);
    wire.regain();
    expect([one.resyncs(), two.resyncs()]).toEqual([1, 1]);
    stop();
    wire.regain();
    expect([one.resyncs(), two.resyncs()]).toEqual([2, 1]);
  });

  it('carries frames between two processes through PostgreSQL NOTIFY', async () => {
    const buses = [busFor({ redisUrl: undefined }, db(), none), busFor({ redisUrl: undefined }, db(), none)];
    await Promise.all(buses.map((bus) => bus.start()));
    try {
      const far = listener();
      buses[1]?.subscribe('t', far.subscriber);
      buses[0]?.publish('t', { hello: 'there' });
      await vi.waitFor(() => expect(far.heard).toEqual([{ hello: 'there' }]), { timeout: 5_000 });
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
    }
  });
});
