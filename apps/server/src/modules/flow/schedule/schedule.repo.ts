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
  async due(limit: number): Promise<DueService[]> {
    const { rows } = await sql<DueService>`SELECT tenant_id AS "tenantId", id::text AS id,
        next_run_at AS "nextRunAt", cron, time_zone AS "timeZone", coalesce(code, '') AS code,
        coalesce(update_user, create_user)::text AS "runAs"
      FROM yuan_script_service
      WHERE next_run_at <= now() AND enabled AND kind = 'service' AND cron <> '' AND is_deleted = 0
      ORDER BY next_run_at LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * Moves a due service to its next time, only if no one else moved it since it was read: the one process whose
   * move lands runs it.
   */
  async claim(s: DueService, next: Date | null): Promise<boolean> {
    const r = await sql`UPDATE yuan_script_service SET next_run_at = ${next}
      WHERE tenant_id = ${s.tenantId} AND id = ${s.id} AND next_run_at = ${s.nextRunAt}`.execute(this.db);
    return Number(r.numAffectedRows ?? 0) === 1;
  }

  /** Records the start of a run; false when that planned time already has one. */
  async start(tenantId: string, serviceId: string, scheduledAt: Date): Promise<string | undefined> {
    const id = nextId();
    const r = await sql`INSERT INTO yuan_script_run (tenant_id, id, service_id, scheduled_at)
      VALUES (${tenantId}, ${id}, ${serviceId}, ${scheduledAt}) ON CONFLICT DO NOTHING`.execute(this.db);
    return Number(r.numAffectedRows ?? 0) === 1 ? id : undefined;
  }

  async finish(tenantId: string, id: string, o: RunOutcome): Promise<void> {
    await sql`UPDATE yuan_script_run SET finished_at = now(), ok = ${o.ok}, duration_ms = ${o.durationMs},
        error = ${o.error.slice(0, 1000)}, logs = ${JSON.stringify(o.logs)}::jsonb,
        value = ${JSON.stringify(o.value ?? null)}::jsonb
      WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  /**
   * Marks failed the runs still open: all of them, or those begun more than `leaseMs` ago. A run that was only slow
   * and ends after all writes its real outcome over this one.
   */
  async abandon(leaseMs?: number): Promise<number> {
    const r = await sql`UPDATE yuan_script_run SET finished_at = now(), ok = false, error = ${CUT_SHORT}
      WHERE finished_at IS NULL
        ${leaseMs === undefined ? sql`` : sql`AND started_at < now() - ${`${leaseMs} milliseconds`}::interval`}`.execute(
      this.db,
    );
    return Number(r.numAffectedRows ?? 0);
  }

  async setNext(tenantId: string, id: string, next: Date | null): Promise<void> {
    await sql`UPDATE yuan_script_service SET next_run_at = ${next} WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(
      this.db,
    );
  }

  /** Runs in the range, the newest 2,000 when there are more (oldest first), of one service or all. */
  async runs(tenantId: string, from: Date, to: Date, serviceId?: string) {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT r.id::text AS id, r.service_id::text AS "serviceId",
        coalesce(s.name, '') AS "serviceName", coalesce(s.path, '') AS path, r.scheduled_at AS "scheduledAt",
        r.started_at AS "startedAt", r.duration_ms AS "durationMs", r.ok, r.error
      FROM yuan_script_run r
      LEFT JOIN yuan_script_service s ON s.tenant_id = r.tenant_id AND s.id = r.service_id
      WHERE r.tenant_id = ${tenantId} AND r.scheduled_at >= ${from} AND r.scheduled_at < ${to}
        ${serviceId ? sql`AND r.service_id = ${serviceId}` : sql``}
      ORDER BY r.scheduled_at DESC LIMIT 2000`.execute(this.db);
    return rows.reverse();
  }

  async run(tenantId: string, id: string) {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT r.id::text AS id, r.service_id::text AS "serviceId",
        coalesce(s.name, '') AS "serviceName", coalesce(s.path, '') AS path, r.scheduled_at AS "scheduledAt",
        r.started_at AS "startedAt", r.finished_at AS "finishedAt", r.duration_ms AS "durationMs", r.ok, r.error,
        r.logs, r.value
      FROM yuan_script_run r
      LEFT JOIN yuan_script_service s ON s.tenant_id = r.tenant_id AND s.id = r.service_id
      WHERE r.tenant_id = ${tenantId} AND r.id = ${id}`.execute(this.db);
    return rows[0];
  }

  /** The tenant's enabled scheduled services (for the planned times of the calendar). */
  async scheduled(tenantId: string, serviceId?: string) {
    const { rows } = await sql<{ id: string; name: string; path: string; cron: string; timeZone: string }>`
      SELECT id::text AS id, name, coalesce(path, '') AS path, cron, time_zone AS "timeZone"
      FROM yuan_script_service WHERE tenant_id = ${tenantId} AND enabled AND kind = 'service' AND cron <> ''
        AND is_deleted = 0 ${serviceId ? sql`AND id = ${serviceId}` : sql``} LIMIT 500`.execute(this.db);
    return rows;
  }
}
