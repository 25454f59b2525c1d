import { sql } from 'kysely';
import type { Kdb } from '../../../db/index.ts';
import { nextId } from '../../../lib/id.ts';
import type { HistoryEntry } from './flow-runtime.ts';
import { pageOf } from './flow-sql.ts';

export interface InstanceRow {
  id: string;
  definitionId: string;
  businessKey: string;
  startUser: string;
  state: string;
  engineState: unknown;
}

/** Process instances and their history. Every statement names the tenant (row-level security holds it too). */
export class InstanceRepo {
  constructor(private readonly db: Kdb) {}

  async insertInstance(
    tenantId: string,
    row: { id: string; definitionId: string; businessKey: string; userId: string },
  ) {
    await this.db
      .insertInto('yuan_flow_instance')
      .values({
        tenant_id: tenantId,
        id: row.id,
        definition_id: row.definitionId,
        business_key: row.businessKey,
        start_user: row.userId,
        state: 'running',
      })
      .execute();
  }

  /** The instance, locked until the unit of work ends: one step at a time, whichever server process takes it. */
  lockInstance(tenantId: string, id: string): Promise<InstanceRow | undefined> {
    return this.db
      .selectFrom('yuan_flow_instance')
      .select([
        'id',
        'definition_id as definitionId',
        'business_key as businessKey',
        'start_user as startUser',
        'state',
        'engine_state as engineState',
      ])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async saveInstance(
    tenantId: string,
    id: string,
    values: { state: string; engineState: unknown; current: unknown; error?: string; deleteReason?: string },
  ): Promise<void> {
    const done = values.state !== 'running';
    await this.db
      .updateTable('yuan_flow_instance')
      .set({
        state: values.state,
        engine_state: done ? null : JSON.stringify(values.engineState),
        current_activities: JSON.stringify(values.current),
        error: values.error ?? '',
        delete_reason: values.deleteReason ?? '',
        end_time: done ? sql<Date>`now()` : null,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  listInstances(
    tenantId: string,
    q: { processDefinitionKey?: string; businessKey?: string; current: number; size: number },
  ) {
    let from = this.db
      .selectFrom('yuan_flow_instance as i')
      .innerJoin('yuan_flow_definition as d', (j) =>
        j.onRef('d.tenant_id', '=', 'i.tenant_id').onRef('d.id', '=', 'i.definition_id'),
      )
      .leftJoin('yuan_user as u', (j) =>
        j.onRef('u.tenant_id', '=', 'i.tenant_id').onRef('u.id', '=', 'i.start_user'),
      )
      .where('i.tenant_id', '=', tenantId)
      .where('i.state', '=', 'running');
    if (q.processDefinitionKey) {
      from = from.where('d.key', '=', q.processDefinitionKey);
    }
    if (q.businessKey) {
      from = from.where('i.business_key', '=', q.businessKey);
    }
    return pageOf(
      from.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      () =>
        from
          .select((eb) => [
            'i.id',
            'd.id as processDefinitionId',
            'd.key as processDefinitionKey',
            'd.name as processDefinitionName',
            'd.version as processDefinitionVersion',
            'i.business_key as businessKey',
            'i.start_user as startUser',
            eb.fn.coalesce('u.real_name', sql.lit('')).as('startUserName'),
            'i.start_time as startTime',
            'i.current_activities as currentActivities',
            'i.state',
          ])
          .orderBy('i.start_time', 'desc')
          .orderBy('i.id', 'desc')
          .limit(q.size)
          .offset((q.current - 1) * q.size)
          .execute(),
      q.current,
      q.size,
    );
  }

  async currentOf(tenantId: string, instanceId: string): Promise<{ id: string; type: string }[]> {
    const row = await this.db
      .selectFrom('yuan_flow_instance')
      .select('current_activities')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', instanceId)
      .executeTakeFirst();
    return (row?.current_activities as { id: string; type: string }[] | undefined) ?? [];
  }

  async startUserOf(tenantId: string, instanceId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('yuan_flow_instance')
      .select('start_user')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', instanceId)
      .executeTakeFirst();
    return row?.start_user;
  }

  async instanceDefinition(tenantId: string, instanceId: string) {
    const row = await this.db
      .selectFrom('yuan_flow_instance as i')
      .innerJoin('yuan_flow_definition as d', (j) =>
        j.onRef('d.tenant_id', '=', 'i.tenant_id').onRef('d.id', '=', 'i.definition_id'),
      )
      .select(['d.xml', 'i.current_activities'])
      .where('i.tenant_id', '=', tenantId)
      .where('i.id', '=', instanceId)
      .executeTakeFirst();
    return row && { xml: row.xml, current: row.current_activities as { id: string }[] };
  }

  // History

  async addHistory(
    tenantId: string,
    instanceId: string,
    entries: HistoryEntry[],
    by?: { taskActivityId: string; userId: string; comment: string },
  ) {
    for (const e of entries) {
      const mine = by && e.kind === 'activity' && e.elementId === by.taskActivityId;
      await this.db
        .insertInto('yuan_flow_history')
        .values({
          tenant_id: tenantId,
          id: nextId(),
          instance_id: instanceId,
          element_id: e.elementId,
          element_name: e.name.slice(0, 255),
          kind: e.kind,
          element_type: e.type,
          start_time: e.startedAt ?? new Date(),
          end_time: sql<Date>`now()`,
          user_id: mine ? by.userId : null,
          comment: mine ? by.comment : '',
        })
        .execute();
    }
  }

  historyOf(tenantId: string, instanceId: string): Promise<{ elementId: string; kind: string }[]> {
    return this.db
      .selectFrom('yuan_flow_history')
      .select(['element_id as elementId', 'kind'])
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('instance_id', '=', instanceId)
      .execute();
  }
}
