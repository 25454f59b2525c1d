import { sql } from 'kysely';
import type { Kdb } from '../../../db/index.ts';
import { nextId } from '../../../lib/id.ts';

export interface DueService {
  tenantId: string;
  id: string;
  nextRunAt: Date;
  cron: string;
  timeZone: string;
  code: string;
  runAs: string;
}

export interface RunOutcome {
  ok: boolean;
  durationMs: number;
  error: string;
  logs: string[];
  value: unknown;
}

/** The error a run cut short by a stopped server process is recorded with. */
export const CUT_SHORT = 'cut short: the server process stopped during this run';

/** Scheduled services and their runs, SQL only. */
export class ScheduleRepo {
  constructor(private readonly db: Kdb) {}

  /** Enabled scheduled services due now, of every tenant (the platform-wide scope). */
  due(limit: number): Promise<DueService[]> {
    return this.db
      .selectFrom('yuan_script_service')
      .select((eb) => [
        'tenant_id as tenantId',
        'id',
        'next_run_at as nextRunAt',
        'cron',
        'time_zone as timeZone',
        eb.fn.coalesce('code', sql.lit('')).as('code'),
        // A service is run as whoever changed it last; one never changed has its creator.
        sql<string>`coalesce(update_user, create_user)::text`.as('runAs'),
      ])
      .where('next_run_at', '<=', sql<Date>`now()`)
      .where('enabled', '=', true)
      .where('kind', '=', 'service')
      .where('cron', '<>', '')
      .where('is_deleted', '=', 0)
      .orderBy('next_run_at')
      .limit(limit)
      .$narrowType<{ nextRunAt: Date }>()
      .execute();
  }

  /**
   * Moves a due service to its next time, only if no one else moved it since it was read: the one process whose
   * move lands runs it.
   */
  async claim(s: DueService, next: Date | null): Promise<boolean> {
    const r = await this.db
      .updateTable('yuan_script_service')
      .set({ next_run_at: next })
      .where('tenant_id', '=', s.tenantId)
      .where('id', '=', s.id)
      .where('next_run_at', '=', s.nextRunAt)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Records the start of a run; false when that planned time already has one. */
  async start(tenantId: string, serviceId: string, scheduledAt: Date): Promise<string | undefined> {
    const id = nextId();
    const r = await this.db
      .insertInto('yuan_script_run')
      .values({ tenant_id: tenantId, id, service_id: serviceId, scheduled_at: scheduledAt })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1 ? id : undefined;
  }

  async finish(tenantId: string, id: string, o: RunOutcome): Promise<void> {
    await this.db
      .updateTable('yuan_script_run')
      .set({
        finished_at: sql<Date>`now()`,
        ok: o.ok,
        duration_ms: o.durationMs,
        error: o.error.slice(0, 1000),
        logs: JSON.stringify(o.logs),
        value: JSON.stringify(o.value ?? null),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Marks failed the runs still open: all of them, or those begun more than `leaseMs` ago. A run that was only slow
   * and ends after all writes its real outcome over this one.
   */
  async abandon(leaseMs?: number): Promise<number> {
    let q = this.db
      .updateTable('yuan_script_run')
      .set({ finished_at: sql<Date>`now()`, ok: false, error: CUT_SHORT })
      .where('finished_at', 'is', null);
    if (leaseMs !== undefined) {
      q = q.where('started_at', '<', sql<Date>`now() - ${`${leaseMs} milliseconds`}::interval`);
    }
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async setNext(tenantId: string, id: string, next: Date | null): Promise<void> {
    await this.db
      .updateTable('yuan_script_service')
      .set({ next_run_at: next })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  private runsOf(tenantId: string) {
    return this.db
      .selectFrom('yuan_script_run as r')
      .leftJoin('yuan_script_service as s', (j) =>
        j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.service_id'),
      )
      .select((eb) => [
        'r.id',
        'r.service_id as serviceId',
        eb.fn.coalesce('s.name', sql.lit('')).as('serviceName'),
        eb.fn.coalesce('s.path', sql.lit('')).as('path'),
        'r.scheduled_at as scheduledAt',
        'r.started_at as startedAt',
        'r.duration_ms as durationMs',
        'r.ok',
        'r.error',
      ])
      .where('r.tenant_id', '=', tenantId);
  }

  /** Runs in the range, the newest 2,000 when there are more (oldest first), of one service or all. */
  async runs(tenantId: string, from: Date, to: Date, serviceId?: string) {
    let q = this.runsOf(tenantId).where('r.scheduled_at', '>=', from).where('r.scheduled_at', '<', to);
    if (serviceId) {
      q = q.where('r.service_id', '=', serviceId);
    }
    const rows = await q.orderBy('r.scheduled_at', 'desc').limit(2000).execute();
    return rows.reverse();
  }

  run(tenantId: string, id: string) {
    return this.runsOf(tenantId)
      .select(['r.finished_at as finishedAt', 'r.logs', 'r.value'])
      .where('r.id', '=', id)
      .executeTakeFirst();
  }

  /** The tenant's enabled scheduled services (for the planned times of the calendar). */
  scheduled(tenantId: string, serviceId?: string) {
    let q = this.db
      .selectFrom('yuan_script_service')
      .select((eb) => [
        'id',
        'name',
        eb.fn.coalesce('path', sql.lit('')).as('path'),
        'cron',
        'time_zone as timeZone',
      ])
      .where('tenant_id', '=', tenantId)
      .where('enabled', '=', true)
      .where('kind', '=', 'service')
      .where('cron', '<>', '')
      .where('is_deleted', '=', 0);
    if (serviceId) {
      q = q.where('id', '=', serviceId);
    }
    return q.limit(500).execute();
  }
}
