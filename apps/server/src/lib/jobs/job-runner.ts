import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import pg from 'pg';

/** The schema of the queue's tables, in the app's own database (decision 0044). */
export const JOBS_SCHEMA = 'jobs';

/** A kind of job: its queue's name, how long a process holds one, how it is retried, and its work. */
export interface JobKind<T extends object> {
  name: string;
  /** Seconds a process holds a job; a job still running after it (its process was killed) is retried. */
  leaseSeconds: number;
  /** Retries after the first attempt; then the job is failed for good. */
  retryLimit: number;
  /** Seconds before the first retry, doubled (with jitter) for each further one when `backoff`. */
  retryDelaySeconds: number;
  backoff?: boolean;
  /**
   * `standard`: every job sent runs. `stately`: per key at most one job waiting and one running, so a job sent by
   * every process, or again while one waits, is one job.
   */
  policy?: 'standard' | 'stately';
  /** How often an idle process looks for due jobs of this kind (≥ 0.5). */
  pollSeconds?: number;
  run(data: T): Promise<void>;
}

export interface SendOptions {
  /** Not before this time. */
  after?: Date;
  /** With the `stately` policy: one waiting job per key. */
  key?: string;
}

/**
 * How often an idle process looks for a round of a kind that runs every `intervalMs`: twice an interval, so a round
 * starts at most half an interval late, but never more often than pg-boss allows (0.5 s) nor less than every 30 s.
 * A sweep every six hours was looked for twice a second, like the one-second rounds: 4 of the ~23 statements a
 * second an idle install sent.
 */
function roundPollSeconds(intervalMs: number): number {
  return Math.min(30, Math.max(0.5, intervalMs / 2_000));
}

/** How a round kind runs (`every`). */
export interface RoundOptions {
  /** The first round at once when the runner starts, rather than one interval later. */
  now?: boolean;
  /** Seconds one round may take before another process may take the next (default 60). */
  leaseSeconds?: number;
}

export interface JobRunnerOptions {
  /** The database the queue lives in (the app's). */
  url: string;
  /** How often a lapsed lease is looked for (pg-boss's supervision), in seconds. */
  superviseSeconds?: number;
  /** How long a stop waits for the jobs under way, in ms. */
  drainMs?: number;
  log(): FastifyBaseLogger | undefined;
}

/**
 * Runs jobs from a PostgreSQL queue (pg-boss) shared by every server process on the database: a job is taken by one
 * process at a time (row locks skip what another holds), held for its lease, retried with backoff when it fails
 * or its process dies, and may wait for a time or be one per key. Kinds are added while modules are built; `start`
 * creates their queues and begins polling, `stop` ends polling and waits for the jobs under way.
 */
export class JobRunner {
  private readonly kinds = new Map<string, JobKind<object>>();
  private boss: PgBoss | undefined;
  private starting: Promise<void> | undefined;
  private stopped = false;
  /** Round kinds (`every`): their first round is queued when the runner starts, this many ms later. */
  private readonly rounds = new Map<string, number>();

  constructor(private readonly options: JobRunnerOptions) {}

  add<T extends object>(kind: JobKind<T>): void {
    if (this.boss) {
      throw new Error(`job kind ${kind.name} added after the runner started`);
    }
    this.kinds.set(kind.name, kind as unknown as JobKind<object>);
  }

  get started(): boolean {
    return this.boss !== undefined;
  }

  start(): Promise<void> {
    if (this.stopped) {
      return Promise.resolve();
    }
    this.starting ??= this.begin();
    return this.starting;
  }

  private async begin(): Promise<void> {
    if (this.kinds.size === 0) {
      // No module uses jobs in this app: no queue connections.
      return;
    }
    const boss = new PgBoss({
      connectionString: this.options.url,
      schema: JOBS_SCHEMA,
      application_name: 'yuan-jobs',
      max: 4,
      // The schema is made by the app's migration run (migrateJobs); cron is the modules' own (seconds, zones).
      migrate: false,
      schedule: false,
      superviseIntervalSeconds: this.options.superviseSeconds ?? 60,
    });
    boss.on('error', (error) => this.options.log()?.warn({ err: error }, 'jobs: queue error'));
    await boss.start();
    this.boss = boss;
    const nudge: string[] = [];
    for (const kind of this.kinds.values()) {
      await boss.createQueue(kind.name, {
        policy: kind.policy ?? 'standard',
        expireInSeconds: kind.leaseSeconds,
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelaySeconds,
        retryBackoff: kind.backoff ?? false,
      });
      await boss.updateQueue(kind.name, {
        expireInSeconds: kind.leaseSeconds,
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelaySeconds,
        retryBackoff: kind.backoff ?? false,
      });
      const worker = await boss.work<object>(
        kind.name,
        { pollingIntervalSeconds: kind.pollSeconds ?? 1, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) {
            try {
              await kind.run(job.data);
            } catch (error) {
              this.options.log()?.warn({ err: error, job: job.id, kind: kind.name }, 'jobs: a job failed');
              throw error;
            }
          }
        },
      );
      if (this.rounds.get(kind.name) === 0) {
        nudge.push(worker);
      }
    }
    await this.queueFirstRounds(boss);
    // A worker looks once when it starts, before the first rounds are queued: a round due at once is fetched now,
    // not one poll later (up to 30 s for a long interval).
    for (const worker of nudge) {
      boss.notifyWorker(worker);
    }
  }

  /**
   * Work done in rounds every `intervalMs` by one process at a time, whichever: each round is a keyed job that
   * first queues the next one, so a round cut short by a killed process leaves the next one queued, and one that
   * fails is not retried (the next comes anyway). The first round is queued when the runner starts (once, however
   * many processes start), so it runs after the modules' own start steps.
   */
  every(name: string, intervalMs: number, work: () => Promise<unknown>, options: RoundOptions = {}): void {
    this.rounds.set(name, options.now ? 0 : intervalMs);
    const next = async () => {
      await this.send(name, {}, { key: name, after: new Date(Date.now() + intervalMs) });
    };
    this.add<Record<string, never>>({
      name,
      policy: 'stately',
      leaseSeconds: options.leaseSeconds ?? 60,
      retryLimit: 0,
      retryDelaySeconds: 1,
      pollSeconds: roundPollSeconds(intervalMs),
      run: async () => {
        await next();
        await work().catch((error: unknown) =>
          this.options.log()?.warn({ err: error, job: name }, 'jobs: a round failed'),
        );
      },
    });
  }

  /**
   * Queues each round kind's first round unless another process already runs these rounds (a round waits or runs: a
   * running one has queued the next before its work). The look and the send hold one lock per kind in one
   * transaction: processes starting together would otherwise both see nothing and both queue a first round, and with
   * `now` the second runs at once while the first is already under way. One session serves every kind.
   */
  private async queueFirstRounds(boss: PgBoss): Promise<void> {
    if (this.rounds.size === 0) {
      return;
    }
    const client = new pg.Client({ connectionString: this.options.url, application_name: 'yuan-jobs' });
    await client.connect();
    const db = { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
    try {
      for (const [name, firstIn] of this.rounds) {
        await client.query('BEGIN');
        try {
          await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`yuan.jobs.round:${name}`]);
          const { rows } = await client.query(
            `SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND singleton_key = $1 AND state IN ('created', 'retry', 'active') LIMIT 1`,
            [name],
          );
          if (rows.length === 0) {
            await boss.send(name, {}, { singletonKey: name, startAfter: new Date(Date.now() + firstIn), db });
          }
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }
    } finally {
      await client.end();
    }
  }

  /**
   * Per kind of this runner with jobs due and not taken: seconds since the oldest of them became due (metrics). A job waiting for
   * its time is not late; a kind with nothing due is absent.
   */
  async lag(): Promise<Record<string, number>> {
    if (!this.boss) {
      return {};
    }
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        `SELECT name, EXTRACT(EPOCH FROM now() - min(start_after))::float8 AS seconds FROM ${JOBS_SCHEMA}.job WHERE name = ANY($1) AND state IN ('created', 'retry') AND start_after <= now() GROUP BY name`,
        [[...this.kinds.keys()]],
      );
    const lag: Record<string, number> = {};
    for (const row of rows as { name: string; seconds: number }[]) {
      lag[row.name] = Math.max(0, row.seconds);
    }
    return lag;
  }

  /** Queues a job; answers its id, or null when the key already has one waiting. */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    await this.start();
    if (!this.boss) {
      throw new Error(`jobs: ${name} sent to a runner that is not running`);
    }
    return this.boss.send(name, data, {
      ...(options.after ? { startAfter: options.after } : {}),
      ...(options.key ? { singletonKey: options.key } : {}),
    });
  }

  /** Stops taking jobs and waits (at most `drainMs`) for the ones under way. */
  async stop(): Promise<void> {
    // A job under way may still queue its follow-up while the stop waits for it; nothing starts again after.
    this.stopped = true;
    await this.starting?.catch(() => undefined);
    await this.boss?.stop({ graceful: true, timeout: this.options.drainMs ?? 2_500 });
    this.boss = undefined;
  }
}

/**
 * Creates or upgrades the queue's tables in their own schema, by pg-boss's own migration: part of the app's
 * migration run, so the embedded database and DATABASE_URL's get them alike, before any process starts a runner.
 */
export async function migrateJobs(url: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: url,
    schema: JOBS_SCHEMA,
    max: 1,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
