import { type SqlBool, sql } from 'kysely';
import type { Kdb } from '../../../db/index.ts';
import { nextId } from '../../../lib/id.ts';
import type { WaitingTask } from './flow-runtime.ts';
import { idIn, pageOf } from './flow-sql.ts';

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

/** User tasks of process instances. Every statement names the tenant (row-level security holds it too). */
export class TaskRepo {
  constructor(private readonly db: Kdb) {}

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
}
