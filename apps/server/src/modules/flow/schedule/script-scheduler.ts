import { encodeMessage, SCRIPT_LABELS } from '@yuan/contract';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/index.ts';
import { FieldError } from '../../../lib/errors.ts';
import type { JobRunner } from '../../../lib/jobs/job-runner.ts';
import type { RunResult } from '../../../lib/sandbox/sandbox.ts';
import type { AuthContext } from '../../../types.ts';
import type { DueService, ScheduleRepo } from './schedule.repo.ts';

/** The next time of `cron` in `timeZone` strictly after `after`; undefined when there is none. */
export function nextRunAt(cron: string, timeZone: string, after: Date): Date | undefined {
  return new Cron(cron, { timezone: timeZone, paused: true }).nextRun(after) ?? undefined;
}

/** Refuses a schedule the scheduler could not follow, naming the field. */
export function checkSchedule(cron: string, timeZone: string): void {
  if (timeZone !== '') {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
    } catch {
      throw new FieldError(
        'timeZone',
        encodeMessage(SCRIPT_LABELS.timeZone, { name: timeZone.slice(0, 64) }),
      );
    }
  }
  if (cron !== '') {
    try {
      nextRunAt(cron, timeZone || 'UTC', new Date());
    } catch (error) {
      const detail = (error instanceof Error ? error.message : String(error)).slice(0, 200);
      throw new FieldError('cron', encodeMessage(SCRIPT_LABELS.cron, { detail }));
    }
  }
}

/**
 * A run ends within seconds (at most 4.5 s waiting for a worker, 3 s of wall time, 1.5 s for a stuck worker, and two
 * short units of work): one still open a minute after it began was cut short by a process that is gone.
 */
export const RUN_LEASE_MS = 60_000;
/** How often a round also looks for runs cut short by another process. */
const RECOVER_EVERY_MS = 30_000;

export interface SchedulerDeps {
  database: Database;
  /**
   * Whether this process is the only one on its database (the embedded database serves one process): then every run
   * still open when it starts was cut short, and is recovered at once rather than after the lease.
   */
  sole: boolean;
  repo: ScheduleRepo;
  run(ctx: AuthContext, code: string): Promise<RunResult>;
  actAs(tenantId: string, userId: string): Promise<AuthContext | undefined>;
  zoneOf(tenantId: string): Promise<string>;
  log(): FastifyBaseLogger | undefined;
}

/**
 * Runs scheduled services. Every server process polls; a due service is taken by moving its next time forward
 * only where no one moved it first, and each planned time has at most one run row, so a time runs once however
 * many processes poll. A run is the service's code as the user who last saved it; times missed while no server
 * ran are not made up: the next one after now is planned. A run cut short (its process was killed) is marked failed,
 * not run again: a script may have done part of its work (written rows, called out), and its next time comes anyway.
 */
export class ScriptScheduler {
  private nextRecovery = 0;

  constructor(
    private readonly deps: SchedulerDeps,
    private readonly intervalMs = 1_000,
  ) {}

  /** Looks for due services in rounds on the job runner, one process at a time. */
  useJobs(jobs: JobRunner): void {
    jobs.every('script-schedule', this.intervalMs, () => this.runDue());
  }

  /** Plans a service's next run after it was saved (none when it is off or has no schedule). */
  async plan(tenantId: string, row: { id: string; cron: string; timeZone: string; enabled: boolean }) {
    const zone = row.timeZone || (await this.deps.zoneOf(tenantId));
    const next = row.enabled && row.cron ? (nextRunAt(row.cron, zone, new Date()) ?? null) : null;
    await this.deps.repo.setNext(tenantId, row.id, next);
  }

  /**
   * Marks failed the runs a gone process left open: at start, every open run when this process is the only one,
   * else (and every RECOVER_EVERY_MS after) those past their lease. Answers how many.
   */
  async recover(atStart = false): Promise<number> {
    this.nextRecovery = Date.now() + RECOVER_EVERY_MS;
    const leaseMs = atStart && this.deps.sole ? undefined : RUN_LEASE_MS;
    const n = await this.deps.database.run({ allTenants: true }, () => this.deps.repo.abandon(leaseMs));
    if (n > 0) {
      this.deps.log()?.warn({ runs: n }, 'scheduler: runs cut short by a stopped process marked failed');
    }
    return n;
  }

  async runDue(): Promise<number> {
    const { database, repo } = this.deps;
    if (Date.now() >= this.nextRecovery) {
      await this.recover();
    }
    const due = await database.run({ allTenants: true }, () => repo.due(20));
    let ran = 0;
    for (const service of due) {
      const started = await database.run({ tenantId: service.tenantId }, () => this.take(service));
      if (started) {
        ran++;
        await this.execute(service, started);
      }
    }
    return ran;
  }

  /** Moves the service to its next time and records the run's start: undefined when another process has it. */
  private async take(s: DueService): Promise<string | undefined> {
    const zone = s.timeZone || (await this.deps.zoneOf(s.tenantId));
    let next: Date | null = null;
    try {
      next = nextRunAt(s.cron, zone, new Date()) ?? null;
    } catch {
      // A schedule that no longer parses stops instead of failing every round.
    }
    if (!(await this.deps.repo.claim(s, next))) {
      return undefined;
    }
    return this.deps.repo.start(s.tenantId, s.id, s.nextRunAt);
  }

  /** The script runs outside a unit of work (its reads open their own): no connection is held while it runs. */
  private async execute(s: DueService, runId: string): Promise<void> {
    const scope = { tenantId: s.tenantId };
    const ctx = await this.deps.database.run(scope, () => this.deps.actAs(s.tenantId, s.runAs));
    const failed = (error: string) => ({ ok: false, error, logs: [], ms: 0, value: null });
    // A run the sandbox had no room for (too many scripts at once) is recorded as failed, not left open.
    const outcome = ctx
      ? await this.deps
          .run(ctx, s.code)
          .catch((error: unknown) => failed(error instanceof Error ? error.message : String(error)))
      : failed('the user who scheduled this service is gone');
    await this.deps.database.run(scope, () =>
      this.deps.repo.finish(s.tenantId, runId, {
        ok: outcome.ok,
        durationMs: Math.round(outcome.ms),
        error: outcome.error ?? '',
        logs: outcome.logs,
        value: outcome.value,
      }),
    );
  }
}
