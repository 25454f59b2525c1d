import { describe, expect, it } from 'vitest';
import { RecordingTransport } from '../../../test/recording-transport.ts';
import { Bus } from '../bus/index.ts';
import { CacheRegistry } from './cache-registry.ts';
import { shareDrops } from './shared-drops.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

function node() {
  const wire = new RecordingTransport();
  const bus = new Bus(wire, () => undefined);
  const caches = new CacheRegistry();
  const sessions = caches.cache<boolean>({ name: 'sessions', max: 10 });
  const totals = caches.cache<number>({ name: 'totals', max: 10 });
  shareDrops(caches, bus);
  return { wire, bus, sessions, totals };
}

describe('cache drops shared on the bus', () => {
  it("sends each drop, applies another process's drops, and keeps what is not dropped", async () => {
    const a = node();
    const b = node();
    await Promise.all([a.bus.start(), b.bus.start()]);
    b.sessions.set('s1', true);
    b.sessions.set('s2', true);
    b.totals.set('t', 5);
    a.sessions.delete('s1');
    a.totals.clear();
    await tick();
    // What A sent reaches B (the wire stands for PostgreSQL or Redis).
    for (const frame of a.wire.sent.splice(0)) {
      b.wire.hear(frame);
    }
    expect(b.sessions.get('s1')).toBeUndefined();
    expect(b.sessions.get('s2')).toBe(true);
    expect(b.totals.get('t')).toBeUndefined();
  });

  it('ignores its own drops coming back, and drops everything when it may have missed some', async () => {
    const a = node();
    await a.bus.start();
    a.sessions.delete('s1');
    await tick();
    a.sessions.set('s1', false);
    a.wire.echo();
    expect(a.sessions.get('s1')).toBe(false);
    a.sessions.set('s2', true);
    a.totals.set('t', 1);
    a.wire.regain();
    expect([a.sessions.size, a.totals.size]).toEqual([0, 0]);
  });
});
