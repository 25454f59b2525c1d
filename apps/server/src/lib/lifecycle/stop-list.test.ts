import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { StopList } from './stop-list.ts';

describe('the stop list', () => {
  it('stops phase by phase whatever order the steps were added in, the steps of a phase side by side', async () => {
    const list = new StopList();
    const events: string[] = [];
    const step = (name: string, ms: number) => async () => {
      events.push(`${name}:begin`);
      await sleep(ms);
      events.push(`${name}:end`);
    };
    list.add('logs', 'log writer', step('logs', 1));
    list.add('chain', 'chain', step('chain', 1));
    list.add('services', 'sandbox', step('sandbox', 1));
    list.add('jobs', 'timers', step('timers', 30));
    list.add('jobs', 'scheduler', step('scheduler', 5));
    expect(await list.run()).toEqual([]);
    expect(events).toEqual([
      'timers:begin',
      'scheduler:begin',
      'scheduler:end',
      'timers:end',
      'sandbox:begin',
      'sandbox:end',
      'chain:begin',
      'chain:end',
      'logs:begin',
      'logs:end',
    ]);
  });

  it('goes on past a step that fails or hangs, names it, and runs only once', async () => {
    const list = new StopList(100);
    const warned: string[] = [];
    const log = { warn: (_details: object, message: string) => warned.push(message) };
    let chainStops = 0;
    list.add('jobs', 'stuck job', () => new Promise(() => undefined));
    list.add('services', 'broken service', () => {
      throw new Error('cannot stop');
    });
    list.add('chain', 'chain', async () => {
      chainStops++;
    });
    const started = Date.now();
    const [first, second] = await Promise.all([list.run(log), list.run(log)]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(first).toEqual(['stuck job', 'broken service']);
    expect(second).toBe(first);
    expect(chainStops).toBe(1);
    expect(warned).toEqual(['stop steps still running; going on without them', 'a stop step failed']);
  });
});
