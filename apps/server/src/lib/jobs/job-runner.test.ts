import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newDatabase } from '../../../test/harness.ts';
import { JOBS_SCHEMA, JobRunner, type JobKind } from './job-runner.ts';

let database: { url: string; drop(): Promise<void> };
const runners: JobRunner[] = [];
beforeAll(async () => {
  database = await newDatabase();
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await database?.drop();
});

function runner(kinds: JobKind<{ n: number }>[], superviseSeconds = 60): JobRunner {
  const r = new JobRunner({ url: database.url, superviseSeconds, log: () => undefined });
  for (const kind of kinds) {
    r.add(kind);
  }
  runners.push(r);
  return r;
}

const kind = (
  name: string,
  run: (data: { n: number }) => Promise<void>,
  more: Partial<JobKind<{ n: number }>> = {},
) =>
  ({
    name,
    leaseSeconds: 30,
    retryLimit: 0,
    retryDelaySeconds: 1,
    pollSeconds: 0.5,
    run,
    ...more,
  }) as JobKind<{
    n: number;
  }>;

async function until(check: () => boolean, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !check() && Date.now() < end; ) {
    await sleep(50);
  }
}

async function stateOf(name: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  try {
    const { rows } = await c.query<{ state: string }>(
      `SELECT state FROM ${JOBS_SCHEMA}.job WHERE name = $1 ORDER BY created_on`,
      [name],
    );
    return rows.map((r) => r.state);
  } finally {
    await c.end();
  }
}

describe('the job runner', { timeout: 60_000 }, () => {
  it('has its tables in their own schema from the migration run', async () => {
    expect(await stateOf('none yet')).toEqual([]);
  });

  it('runs each job once across two runners on one database, and a keyed job once however often it is sent', async () => {
    const ran: string[] = [];
    const work = (who: string) => async (data: { n: number }) => {
      ran.push(`${who}:${data.n}`);
      await sleep(20);
    };
    const a = runner([kind('once', work('a')), kind('keyed', work('a'), { policy: 'stately' })]);
    const b = runner([kind('once', work('b')), kind('keyed', work('b'), { policy: 'stately' })]);
    await Promise.all([a.start(), b.start()]);
    for (let n = 0; n < 20; n++) {
      await (n % 2 ? a : b).send('once', { n });
    }
    const later = new Date(Date.now() + 1_500);
    expect(await a.send('keyed', { n: 100 }, { key: 'k', after: later })).not.toBeNull();
    expect(await b.send('keyed', { n: 101 }, { key: 'k', after: later })).toBeNull();
    await until(() => ran.length >= 21, 15_000);
    await sleep(1_500);
    const numbers = ran.map((r) => Number(r.split(':')[1])).sort((x, y) => x - y);
    expect(numbers).toEqual([...Array.from({ length: 20 }, (_, n) => n), 100]);
    // Both processes took a share: the queue, not one process, decides who runs what.
    expect(new Set(ran.map((r) => r.split(':')[0])).size).toBe(2);
  });

  it('retries a failing job with growing delays and gives up after its limit', async () => {
    const attempts: number[] = [];
    const failing = kind(
      'failing',
      async () => {
        attempts.push(Date.now());
        throw new Error('always fails');
      },
      { retryLimit: 2, retryDelaySeconds: 1, backoff: true },
    );
    const r = runner([failing]);
    await r.start();
    await r.send('failing', { n: 1 });
    await until(() => attempts.length >= 3, 20_000);
    await sleep(3_000);
    expect(attempts.length).toBe(3);
    const [first, second, third] = attempts as [number, number, number];
    // The queue waits 1–2 s before the first retry and 2–4 s before the second (doubling, with random jitter): the
    // second wait's floor is twice the first's, while two drawn waits may come out in either order.
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1_900);
    expect(await stateOf('failing')).toEqual(['failed']);
  });

  it('retries on another runner a job whose runner died holding it, once its lease is over', async () => {
    const ran: string[] = [];
    // The first runner takes the job and never finishes it, as a killed process would not.
    const dead = runner([
      kind('leased', () => new Promise(() => ran.push('dead')), { leaseSeconds: 2, retryLimit: 1 }),
    ]);
    await dead.start();
    await dead.send('leased', { n: 1 });
    await until(() => ran.length >= 1, 10_000);
    const started = Date.now();
    const alive = runner(
      [
        kind('leased', async () => void ran.push(`alive after ${Date.now() - started}`), {
          leaseSeconds: 2,
          retryLimit: 1,
        }),
      ],
      1,
    );
    await alive.start();
    await until(() => ran.length >= 2, 20_000);
    expect(ran[0]).toBe('dead');
    expect(ran[1]).toMatch(/^alive after/);
    expect(Number(ran[1]?.split(' ')[2])).toBeGreaterThanOrEqual(1_000);
  });

  it('waits on stop for the job under way and takes no more', async () => {
    const events: string[] = [];
    const r = runner([
      kind('slow', async (data) => {
        events.push(`start ${data.n}`);
        await sleep(800);
        events.push(`end ${data.n}`);
      }),
    ]);
    await r.start();
    await r.send('slow', { n: 1 });
    await until(() => events.length >= 1, 10_000);
    await r.send('slow', { n: 2 });
    await r.stop();
    events.push('stopped');
    await sleep(1_500);
    expect(events).toEqual(['start 1', 'end 1', 'stopped']);
    expect(await stateOf('slow')).toEqual(['completed', 'created']);
  });

  it('runs a round kind once per interval across two runners, the first round at once when asked', async () => {
    const rounds: string[] = [];
    const make = (who: string) => {
      const r = new JobRunner({ url: database.url, log: () => undefined });
      r.every(
        'round-now',
        2_000,
        async () => {
          rounds.push(`${who}@${Date.now()}`);
        },
        { now: true },
      );
      runners.push(r);
      return r;
    };
    const startedAt = Date.now();
    await Promise.all([make('a').start(), make('b').start()]);
    await until(() => rounds.length >= 3, 10_000);
    const times = rounds.map((r) => Number(r.split('@')[1]));
    // The first at once (not one interval later), then one per interval, whichever runner takes it.
    // Times are taken after each round queued its next one: a slow first query shifts them by its latency.
    expect(times[0]! - startedAt).toBeLessThan(1_500);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1_500);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1_500);
  });

  it('looks for a long round far less often than for a one-second round, and runs a long one due at once', async () => {
    // pg-boss sends its fetch on one of its pool's clients, with the queue's name written in the statement.
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    let fetches: string[] = [];
    const ran: string[] = [];
    const r = new JobRunner({ url: database.url, log: () => undefined });
    r.every('pace-fast', 1_000, async () => void ran.push('fast'));
    r.every('pace-slow', 6 * 3_600_000, async () => void ran.push('slow'), { now: true });
    runners.push(r);
    try {
      await r.start();
      await until(() => ran.includes('slow'), 5_000);
      expect(ran).toContain('slow');
      await sleep(3_000);
    } finally {
      fetches = spy.mock.calls
        .map(([q]) => (typeof q === 'string' ? q : ''))
        .filter((q) => /\bnext AS \(/.test(q));
      spy.mockRestore();
    }
    const polls = {
      fast: fetches.filter((q) => q.includes("'pace-fast'")).length,
      slow: fetches.filter((q) => q.includes("'pace-slow'")).length,
    };
    // Twice a second for the one-second round; for the six-hour one, the look at start and the one it was nudged to.
    expect(polls.fast).toBeGreaterThanOrEqual(4);
    expect(polls.slow).toBeLessThanOrEqual(2);
  });

  it('queues one first round however many processes start at once', async () => {
    const rounds: string[] = [];
    const make = (who: string) => {
      const r = new JobRunner({ url: database.url, log: () => undefined });
      r.every(
        'round-crowd',
        60_000,
        async () => {
          rounds.push(who);
          await sleep(300);
        },
        { now: true },
      );
      runners.push(r);
      return r;
    };
    await Promise.all(Array.from({ length: 12 }, (_, i) => String(i)).map((who) => make(who).start()));
    await until(() => rounds.length >= 1, 10_000);
    // Each runner looks for a round due at once right after queueing the first rounds: a second first round,
    // queued by a later start, would be taken by now (a 60-s round is otherwise looked for every 30 s).
    await sleep(2_000);
    expect(rounds).toHaveLength(1);
  });
});

describe('lag (metrics)', () => {
  it('counts the seconds the oldest due job of a kind waits untaken, and nothing for a kind with none due', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: number[] = [];
    const r = runner([
      kind('lag-busy', async ({ n }) => {
        started.push(n);
        await held;
      }),
      kind('lag-idle', async () => undefined),
    ]);
    await r.start();
    expect(await r.lag()).toEqual({});
    // The first job holds the kind's one worker; the second is due and waits.
    await r.send('lag-busy', { n: 1 });
    await until(() => started.length === 1, 10_000);
    await r.send('lag-busy', { n: 2 });
    // One not due yet: not late.
    await r.send('lag-idle', { n: 3 }, { after: new Date(Date.now() + 60_000) });
    await sleep(1_200);
    const lag = await r.lag();
    expect(Object.keys(lag)).toEqual(['lag-busy']);
    expect(lag['lag-busy']).toBeGreaterThanOrEqual(1);
    release();
    await until(() => started.length === 2, 10_000);
    expect(await r.lag()).toEqual({});
  });
});
