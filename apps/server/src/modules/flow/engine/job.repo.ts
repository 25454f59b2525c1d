import { sql } from 'kysely';
import type { Kdb } from '../../../db/index.ts';
import { nextId } from '../../../lib/id.ts';

/** Timer jobs of process instances, leased to whichever server process runs them. */
export class JobRepo {
  constructor(private readonly db: Kdb) {}

  async replaceJobs(tenantId: string, instanceId: string, timers: { activityId: string; dueAt: Date }[]) {
    await this.db
      .deleteFrom('yuan_flow_job')
      .where('tenant_id', '=', tenantId)
      .where('instance_id', '=', instanceId)
      .execute();
    for (const t of timers) {
      await this.db
        .insertInto('yuan_flow_job')
        .values({
          tenant_id: tenantId,
          id: nextId(),
          instance_id: instanceId,
          activity_id: t.activityId,
          due_at: t.dueAt,
        })
        .execute();
    }
  }

  /** Leases up to `n` due jobs of any tenant to the caller for `leaseMs` (platform-wide scope). */
  leaseDue(n: number, leaseMs: number): Promise<{ tenantId: string; id: string; instanceId: string }[]> {
    return this.db
      .updateTable('yuan_flow_job')
      .set((eb) => ({
        locked_until: sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval`,
        attempts: eb('attempts', '+', 1),
      }))
      .where(({ eb, refTuple, selectFrom }) =>
        eb(
          refTuple('tenant_id', 'id'),
          'in',
          selectFrom('yuan_flow_job')
            .select(['tenant_id', 'id'])
            .where('due_at', '<=', sql<Date>`now()`)
            .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', sql<Date>`now()`)]))
            .where('attempts', '<', 5)
            .orderBy('due_at')
            .limit(n)
            .forUpdate()
            .skipLocked()
            .$asTuple('tenant_id', 'id'),
        ),
      )
      .returning(['tenant_id as tenantId', 'id', 'instance_id as instanceId'])
      .execute();
  }

  /** Gives back every lease: at start, when this process is the only one, their holder is gone. */
  async releaseLeases(): Promise<number> {
    const r = await this.db
      .updateTable('yuan_flow_job')
      .set({ locked_until: null })
      .where('locked_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
