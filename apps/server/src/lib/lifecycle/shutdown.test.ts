import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Shutdown, StopRequested } from './shutdown.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function shutdown(graceMs = 1_000, afterDrainMs = 1_000) {
  const exits: number[] = [];
  const s = new Shutdown({ graceMs, afterDrainMs, exit: (code) => exits.push(code) });
  s.useLog(quiet);
  return { s, exits };
}

describe('the process stop', () => {
  it('stops what was started in reverse order, once, and exits 0', async () => {
    const { s, exits } = shutdown();
    const order: string[] = [];
    for (const name of ['embedded database', 'database', 'app']) {
      s.push(name, async () => {
        order.push(name);
      });
    }
    expect(s.stopping).toBe(false);
    await Promise.all([s.stop('SIGTERM'), s.stop('parent process gone')]);
    expect(order).toEqual(['app', 'database', 'embedded database']);
    expect(exits).toEqual([0]);
    expect(() => s.checkpoint()).toThrow(StopRequested);
  });

  it('still runs the later steps when one fails, and exits 1', async () => {
    const { s, exits } = shutdown();
    const order: string[] = [];
    s.push('database', async () => {
      order.push('database');
    });
    s.push('app', async () => {
      throw new Error('stop steps failed');
    });
    await s.stop('SIGTERM');
    expect(order).toEqual(['database']);
    expect(exits).toEqual([1]);
  });

  it('waits for a start under way to reach its checkpoint before it stops anything', async () => {
    const { s, exits } = shutdown();
    const order: string[] = [];
    const start = s.starting(
      (async () => {
        await sleep(50);
        s.push('database', async () => {
          order.push('database stopped');
        });
        order.push('database opened');
        s.checkpoint();
        order.push('migrated');
      })(),
    );
    const stopped = s.stop('SIGTERM');
    await expect(start).rejects.toThrow(StopRequested);
    await stopped;
    expect(order).toEqual(['database opened', 'database stopped']);
    expect(exits).toEqual([0]);
  });

  it('exits 1 when the steps take longer than the grace plus the time after the drain', async () => {
    const { s, exits } = shutdown(50, 50);
    s.push('stuck', () => new Promise(() => undefined));
    void s.stop('SIGTERM');
    await sleep(400);
    expect(exits).toEqual([1]);
  });
});
