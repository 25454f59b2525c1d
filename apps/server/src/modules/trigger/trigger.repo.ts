import type { DeliveryRecord, TriggerAction, TriggerEvent } from '@yuan/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import { rowRevisions } from '../../lib/crud/revisions.ts';

/** A trigger as stored (its sealed secret apart). */
export interface TriggerRow {
  id: string;
  tenantId: string;
  name: string;
  resource: string;
  events: TriggerEvent[];
  fields: string[];
  condition: string;
  action: TriggerAction;
  enabled: boolean;
  createUser: string | null;
  createTime: Date;
  updateTime: Date;
}

/** An event of the outbox with the revision it names. */
export interface OutboxEvent {
  revisionId: string;
  tenantId: string;
  resource: string;
  rowId: string;
  action: TriggerEvent;
  changes: unknown;
}

/** A delivery taken for an attempt. */
export interface DueDelivery {
  id: string;
  tenantId: string;
  triggerId: string;
  revisionId: string;
  payload: Record<string, unknown>;
  attempts: number;
  createTime: Date;
}

const TRIGGER_COLUMNS = [
  sql<string>`id::text`.as('id'),
  'tenant_id as tenantId',
  'name',
  'resource',
  'events',
  'fields',
  'condition',
  'action',
  'enabled',
  sql<string | null>`create_user::text`.as('createUser'),
  'create_time as createTime',
  'update_time as updateTime',
] as const;

/** SQL of triggers, their outbox and their deliveries. */
export class TriggerRepo {
  constructor(private readonly db: Kdb) {}

  async list(tenantId: string): Promise<TriggerRow[]> {
    return (await this.db
      .selectFrom('yuan_trigger')
      .select(TRIGGER_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .orderBy('id', 'desc')
      .limit(1000)
      .execute()) as TriggerRow[];
  }

  async find(tenantId: string, id: string): Promise<TriggerRow | undefined> {
    return (await this.db
      .selectFrom('yuan_trigger')
      .select(TRIGGER_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst()) as TriggerRow | undefined;
  }

  /** The sealed secret of a trigger ('' when it has none). */
  async secretOf(tenantId: string, id: string): Promise<string> {
    const row = await this.db
      .selectFrom('yuan_trigger')
      .select('secret')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.secret ?? '';
  }

  async insert(row: { id: string; tenantId: string; userId: string; values: TriggerValues }): Promise<void> {
    await this.db
      .insertInto('yuan_trigger')
      .values({
        id: row.id,
        tenant_id: row.tenantId,
        ...columnsOf(row.values),
        create_user: row.userId,
        update_user: row.userId,
      })
      .execute();
  }

  async update(tenantId: string, id: string, userId: string, values: TriggerValues): Promise<boolean> {
    const r = await this.db
      .updateTable('yuan_trigger')
      .set({ ...columnsOf(values), update_user: userId, update_time: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async countLive(tenantId: string, ids: string[]): Promise<number> {
    const r = await this.db
      .selectFrom('yuan_trigger')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    return r.n;
  }

  async remove(tenantId: string, ids: string[], userId: string): Promise<void> {
    await this.db
      .updateTable('yuan_trigger')
      .set({ is_deleted: 1, update_user: userId, update_time: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .execute();
  }

  /** The enabled triggers of a resource on an action (the outbox's reader asks per event). */
  async watching(tenantId: string, resource: string, action: string): Promise<TriggerRow[]> {
    return (await this.db
      .selectFrom('yuan_trigger')
      .select(TRIGGER_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('resource', '=', resource)
      .where('is_deleted', '=', 0)
      .where('enabled', '=', true)
      .where(sql<boolean>`${action} = ANY (events)`)
      .execute()) as TriggerRow[];
  }

  /**
   * The oldest events of the outbox, at most `perTenant` of one tenant (a burst of one tenant's writes does not hold
   * the others' events back), with their revisions.
   */
  async events(limit: number, perTenant: number): Promise<OutboxEvent[]> {
    const r = await sql<OutboxEvent>`
      SELECT e.revision_id::text AS "revisionId", e.tenant_id AS "tenantId", r.resource, r.row_id::text AS "rowId",
        r.action, r.changes
      FROM (
        SELECT revision_id, tenant_id, row_number() OVER (PARTITION BY tenant_id ORDER BY revision_id) AS n
        FROM yuan_trigger_event
      ) e LEFT JOIN yuan_revision r ON r.id = e.revision_id
      WHERE e.n <= ${perTenant} ORDER BY e.revision_id LIMIT ${limit}`.execute(this.db);
    return r.rows;
  }

  /** A row's revisions up to the given one, oldest first: the states it went through. */
  history(tenantId: string, resource: string, rowId: string, upTo: string) {
    return rowRevisions(this.db, { tenantId, resource, rowId }, { upTo });
  }

  /** The event's deliveries (one per trigger it starts; again is nothing) and the event gone, in one unit. */
  async settle(
    event: OutboxEvent,
    deliveries: { triggerId: string; payload: object; failed?: string }[],
  ): Promise<void> {
    if (deliveries.length > 0) {
      await this.db
        .insertInto('yuan_trigger_delivery')
        .values(
          deliveries.map((d) => ({
            tenant_id: event.tenantId,
            trigger_id: d.triggerId,
            revision_id: event.revisionId,
            payload: JSON.stringify(d.payload),
            ...(d.failed
              ? { status: 'failed', last_error: d.failed.slice(0, 2000), next_attempt: null }
              : { next_attempt: new Date() }),
          })),
        )
        .onConflict((oc) => oc.columns(['trigger_id', 'revision_id']).doNothing())
        .execute();
    }
    await this.db.deleteFrom('yuan_trigger_event').where('revision_id', '=', event.revisionId).execute();
  }

  /**
   * Takes due deliveries for an attempt, at most `perTenant` of one tenant, by pushing their next attempt a lease
   * ahead: another process leaves them alone, and one cut short is tried again when the lease ends.
   */
  async takeDue(limit: number, perTenant: number, leaseSeconds: number): Promise<DueDelivery[]> {
    const r = await sql<DueDelivery>`
      UPDATE yuan_trigger_delivery d SET next_attempt = now() + make_interval(secs => ${leaseSeconds})
      FROM (
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY tenant_id ORDER BY next_attempt, id) AS n
          FROM yuan_trigger_delivery WHERE status = 'pending' AND next_attempt <= now()
        ) ranked WHERE n <= ${perTenant} ORDER BY id LIMIT ${limit}
      ) due
      WHERE d.id = due.id AND d.status = 'pending' AND d.next_attempt <= now()
      RETURNING d.id::text AS id, d.tenant_id AS "tenantId", d.trigger_id::text AS "triggerId",
        d.revision_id::text AS "revisionId", d.payload, d.attempts, d.create_time AS "createTime"`.execute(
      this.db,
    );
    return r.rows;
  }

  /** An attempt's outcome: delivered, or failed with the next attempt (none: failed for good). */
  async attempted(
    tenantId: string,
    id: string,
    outcome: { ok: boolean; code: number | null; ms: number; error: string; next: Date | null },
  ): Promise<void> {
    await this.db
      .updateTable('yuan_trigger_delivery')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        status: outcome.ok ? 'delivered' : outcome.next ? 'pending' : 'failed',
        next_attempt: outcome.ok ? null : outcome.next,
        response_code: outcome.code,
        duration_ms: Math.round(outcome.ms),
        last_error: outcome.error.slice(0, 2000),
        update_time: new Date(),
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async deliveries(tenantId: string, triggerId: string, offset: number, size: number) {
    const of = this.db
      .selectFrom('yuan_trigger_delivery')
      .where('tenant_id', '=', tenantId)
      .where('trigger_id', '=', triggerId);
    const [records, counted] = await Promise.all([
      of
        .select([
          sql<string>`id::text`.as('id'),
          sql<string>`trigger_id::text`.as('triggerId'),
          sql<string>`revision_id::text`.as('revisionId'),
          'status',
          'attempts',
          'response_code as responseCode',
          'duration_ms as durationMs',
          'last_error as lastError',
          'next_attempt as nextAttempt',
          'create_time as createTime',
          'update_time as updateTime',
        ])
        .orderBy(sql.ref('yuan_trigger_delivery.id'), 'desc')
        .limit(size)
        .offset(offset)
        .execute(),
      of.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { records: records as unknown as DeliveryRecord[], total: counted.n };
  }

  /**
   * Makes a delivery of the tenant's due now, its attempts counted afresh (its retries still end 24 h after the
   * event: one attempt when that is past); false when there is no such one.
   */
  async redeliver(tenantId: string, id: string): Promise<boolean> {
    const r = await this.db
      .updateTable('yuan_trigger_delivery')
      .set({ status: 'pending', attempts: 0, next_attempt: new Date(), update_time: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}

/** What a save writes. */
export interface TriggerValues {
  name: string;
  resource: string;
  events: string[];
  fields: string[];
  condition: string;
  action: TriggerAction;
  enabled: boolean;
  /** A sealed secret; undefined keeps the stored one. */
  secret?: string;
}

function columnsOf(v: TriggerValues) {
  return {
    name: v.name,
    resource: v.resource,
    events: v.events,
    fields: v.fields,
    condition: v.condition,
    action: JSON.stringify(v.action),
    enabled: v.enabled,
    ...(v.secret === undefined ? {} : { secret: v.secret }),
  };
}
