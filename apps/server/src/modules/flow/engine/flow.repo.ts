import type { Page } from '@yuan/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Kdb } from '../../../db/index.ts';
import { nextId } from '../../../lib/id.ts';
import type { HistoryEntry, WaitingTask } from './flow-runtime.ts';

export interface DefinitionRow {
  id: string;
  deploymentId: string;
  key: string;
  name: string;
  version: number;
  category: string;
  tenantId: string;
  suspended: boolean;
  deployTime: Date;
  resourceName: string;
  xml?: string;
}

export interface InstanceRow {
  id: string;
  definitionId: string;
  businessKey: string;
  startUser: string;
  state: string;
  engineState: unknown;
}

export interface TaskRow {
  id: string;
  instanceId: string;
  activityId: string;
  name: string;
  assignee: string;
  candidateUsers: string;
  candidateGroups: string;
  state: string;
}

/** Who a task is offered to: the account, and the groups (role aliases, department id) the user belongs to. */
export interface TaskViewer {
  userId: string;
  account: string;
  groups: string[];
}

const DEF_COLUMNS = [
  'd.id',
  'd.deployment_id as deploymentId',
  'd.key',
  'd.name',
  'd.version',
  'd.category',
  'd.tenant_id as tenantId',
  'd.suspended',
  'd.deploy_time as deployTime',
  'd.resource_name as resourceName',
] as const;

const TASK_COLUMNS = [
  'id',
  'instance_id as instanceId',
  'activity_id as activityId',
  'name',
  'assignee',
  'candidate_users as candidateUsers',
  'candidate_groups as candidateGroups',
  'state',
] as const;

/** Whether an id column, read as text, is one of `ids` (ids that are not numbers match none; none matches nothing). */
const idIn = (column: Expression<unknown>, ids: string[]) => sql<SqlBool>`${column}::text = ANY(${ids})`;

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** One page of a list, from its row count and its rows. */
async function pageOf<T>(
  total: Promise<{ n: string | number | bigint }>,
  rows: () => Promise<T[]>,
  current: number,
  size: number,
): Promise<Page<T>> {
  const n = Number((await total).n);
  return { records: await rows(), total: n, size, current, pages: Math.ceil(n / size) };
}

/** Workflow tables, SQL only. Every statement names the tenant (row-level security holds it too). */
export class FlowRepo {
  constructor(private readonly db: Kdb) {}

  // Definitions

  async nextVersion(tenantId: string, key: string): Promise<number> {
    const row = await this.db
      .selectFrom('yuan_flow_definition')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('tenant_id', '=', tenantId)
      .where('key', '=', key)
      .executeTakeFirst();
    return Number(row?.v ?? 0) + 1;
  }

  async insertDefinition(
    row: Omit<DefinitionRow, 'id' | 'deployTime' | 'suspended' | 'xml'> & { xml: string; userId: string },
  ) {
    const id = nextId();
    await this.db
      .insertInto('yuan_flow_definition')
      .values({
        tenant_id: row.tenantId,
        id,
        deployment_id: row.deploymentId,
        key: row.key,
        name: row.name,
        version: row.version,
        category: row.category,
        resource_name: row.resourceName,
        xml: row.xml,
        deploy_user: row.userId,
      })
      .execute();
    return id;
  }

  listDefinitions(tenantId: string, q: { key?: string; category?: string; current: number; size: number }) {
    let from = this.db.selectFrom('yuan_flow_definition as d').where('d.tenant_id', '=', tenantId);
    if (q.key) {
      from = from.where('d.key', 'ilike', escapeLike(q.key));
    }
    if (q.category) {
      from = from.where('d.category', '=', q.category);
    }
    return pageOf<DefinitionRow>(
      from.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      () =>
        from
          .select(DEF_COLUMNS)
          .orderBy('d.key')
          .orderBy('d.version', 'desc')
          .limit(q.size)
          .offset((q.current - 1) * q.size)
          .execute(),
      q.current,
      q.size,
    );
  }

  definition(tenantId: string, id: string): Promise<DefinitionRow | undefined> {
    return this.db
      .selectFrom('yuan_flow_definition as d')
      .select([...DEF_COLUMNS, 'd.xml'])
      .where('d.tenant_id', '=', tenantId)
      .where('d.id', '=', id)
      .executeTakeFirst();
  }

  latestDefinition(tenantId: string, key: string): Promise<DefinitionRow | undefined> {
    return this.db
      .selectFrom('yuan_flow_definition as d')
      .select([...DEF_COLUMNS, 'd.xml'])
      .where('d.tenant_id', '=', tenantId)
      .where('d.key', '=', key)
      .orderBy('d.version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async setSuspended(tenantId: string, id: string, suspended: boolean): Promise<number> {
    const r = await this.db
      .updateTable('yuan_flow_definition')
      .set({ suspended })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async deploymentsFound(tenantId: string, ids: string[]): Promise<number> {
    const row = await this.db
      .selectFrom('yuan_flow_definition')
      .select((eb) => eb.fn.count('deployment_id').distinct().as('n'))
      .where('tenant_id', '=', tenantId)
      .where((eb) => idIn(eb.ref('deployment_id'), ids))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async runningInDeployments(tenantId: string, ids: string[]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('yuan_flow_instance as i')
      .innerJoin('yuan_flow_definition as d', (j) =>
        j.onRef('d.tenant_id', '=', 'i.tenant_id').onRef('d.id', '=', 'i.definition_id'),
      )
      .select('i.id')
      .where('i.tenant_id', '=', tenantId)
      .where('i.state', '=', 'running')
      .where((eb) => idIn(eb.ref('d.deployment_id'), ids))
      .execute();
    return rows.map((r) => r.id);
  }

  async deleteDeployments(tenantId: string, ids: string[]): Promise<void> {
    await this.db
      .deleteFrom('yuan_flow_definition')
      .where('tenant_id', '=', tenantId)
      .where((eb) => idIn(eb.ref('deployment_id'), ids))
      .execute();
  }

  // Instances

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

  // Tasks

  openTasks(tenantId: string, instanceId: string): Promise<TaskRow[]> {
    return this.db
      .selectFrom('yuan_flow_task')
      .select(TASK_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('instance_id', '=', instanceId)
      .where('state', '=', 'open')
      .execute();
  }

  async addTask(tenantId: string, instanceId: string, t: WaitingTask): Promise<void> {
    await this.db
      .insertInto('yuan_flow_task')
      .values({
        tenant_id: tenantId,
        id: nextId(),
        instance_id: instanceId,
        activity_id: t.activityId,
        name: t.name.slice(0, 255),
        assignee: t.assignee.slice(0, 64),
        candidate_users: t.candidateUsers.slice(0, 1000),
        candidate_groups: t.candidateGroups.slice(0, 1000),
        form_page_id: t.formPage.slice(0, 32),
      })
      .execute();
  }

  async cancelTasks(tenantId: string, ids: string[]): Promise<void> {
    if (ids.length > 0) {
      await this.db
        .updateTable('yuan_flow_task')
        .set({ state: 'cancelled', complete_time: sql<Date>`now()` })
        .where('tenant_id', '=', tenantId)
        .where((eb) => idIn(eb.ref('id'), ids))
        .execute();
    }
  }

  lockTask(tenantId: string, id: string): Promise<TaskRow | undefined> {
    return this.db
      .selectFrom('yuan_flow_task')
      .select(TASK_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async claim(tenantId: string, id: string, account: string): Promise<void> {
    await this.db
      .updateTable('yuan_flow_task')
      .set({ assignee: account, claim_time: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async complete(tenantId: string, id: string, userId: string, comment: string): Promise<void> {
    await this.db
      .updateTable('yuan_flow_task')
      .set({ state: 'done', complete_time: sql<Date>`now()`, complete_user: userId, comment })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** Open tasks the viewer may act on: assigned to them, or unassigned and offered to them or their groups. */
  todo(tenantId: string, viewer: TaskViewer, current: number, size: number) {
    return this.tasks(tenantId, { state: 'open', viewer }, current, size);
  }

  done(tenantId: string, userId: string, current: number, size: number) {
    return this.tasks(tenantId, { state: 'done', userId }, current, size);
  }

  private tasks(
    tenantId: string,
    which: { state: 'open'; viewer: TaskViewer } | { state: 'done'; userId: string },
    current: number,
    size: number,
  ) {
    let from = this.db
      .selectFrom('yuan_flow_task as t')
      .innerJoin('yuan_flow_instance as i', (j) =>
        j.onRef('i.tenant_id', '=', 't.tenant_id').onRef('i.id', '=', 't.instance_id'),
      )
      .innerJoin('yuan_flow_definition as d', (j) =>
        j.onRef('d.tenant_id', '=', 'i.tenant_id').onRef('d.id', '=', 'i.definition_id'),
      )
      .where('t.tenant_id', '=', tenantId)
      .where('t.state', '=', which.state);
    if (which.state === 'done') {
      from = from.where('t.complete_user', '=', which.userId);
    } else {
      const { account, groups } = which.viewer;
      from = from.where(sql<SqlBool>`(t.assignee = ${account} OR (t.assignee = '' AND (
        ${account} = ANY(string_to_array(replace(t.candidate_users, ' ', ''), ','))
        OR string_to_array(replace(t.candidate_groups, ' ', ''), ',') && ${groups}::text[])))`);
    }
    return pageOf(
      from.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      () =>
        from
          .select([
            't.id',
            't.name',
            't.activity_id as activityId',
            't.instance_id as processInstanceId',
            'd.name as processDefinitionName',
            'i.business_key as businessKey',
            't.assignee',
            't.candidate_users as candidateUsers',
            't.candidate_groups as candidateGroups',
            't.form_page_id as formPageId',
            't.create_time as createTime',
            't.complete_time as completeTime',
            't.comment',
          ])
          .orderBy(sql`coalesce(t.complete_time, t.create_time)`, 'desc')
          .orderBy('t.id', 'desc')
          .limit(size)
          .offset((current - 1) * size)
          .execute(),
      current,
      size,
    );
  }

  // Timer jobs

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
