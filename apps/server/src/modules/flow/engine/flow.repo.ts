import type { Page } from '@yuan/contract';
import { type RawBuilder, sql } from 'kysely';
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

const DEF_COLUMNS = sql`d.id::text AS id, d.deployment_id::text AS "deploymentId", d.key, d.name, d.version,
  d.category, d.tenant_id AS "tenantId", d.suspended, d.deploy_time AS "deployTime", d.resource_name AS "resourceName"`;

const TASK_COLUMNS = sql`id::text AS id, instance_id::text AS "instanceId", activity_id AS "activityId", name,
  assignee, candidate_users AS "candidateUsers", candidate_groups AS "candidateGroups", state`;

/** Workflow tables, SQL only. Every statement names the tenant (row-level security holds it too). */
export class FlowRepo {
  constructor(private readonly db: Kdb) {}

  private async page<T>(
    from: RawBuilder<unknown>,
    select: RawBuilder<unknown>,
    order: RawBuilder<unknown>,
    current: number,
    size: number,
  ): Promise<Page<T>> {
    const total = Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM ${from}`.execute(this.db)).rows[0]?.n ?? 0,
    );
    const { rows } = await sql<T>`SELECT ${select} FROM ${from} ORDER BY ${order}
      LIMIT ${size} OFFSET ${(current - 1) * size}`.execute(this.db);
    return { records: rows, total, size, current, pages: Math.ceil(total / size) };
  }

  // Definitions

  async nextVersion(tenantId: string, key: string): Promise<number> {
    const { rows } = await sql<{ v: number | null }>`SELECT max(version) AS v FROM yuan_flow_definition
      WHERE tenant_id = ${tenantId} AND key = ${key}`.execute(this.db);
    return Number(rows[0]?.v ?? 0) + 1;
  }

  async insertDefinition(row: Omit<DefinitionRow, 'id' | 'deployTime' | 'suspended'> & { userId: string }) {
    const id = nextId();
    await sql`INSERT INTO yuan_flow_definition (tenant_id, id, deployment_id, key, name, version, category,
        resource_name, xml, deploy_user)
      VALUES (${row.tenantId}, ${id}, ${row.deploymentId}, ${row.key}, ${row.name}, ${row.version}, ${row.category},
        ${row.resourceName}, ${row.xml}, ${row.userId})`.execute(this.db);
    return id;
  }

  listDefinitions(tenantId: string, q: { key?: string; category?: string; current: number; size: number }) {
    const where = sql`yuan_flow_definition d WHERE d.tenant_id = ${tenantId}
      ${q.key ? sql`AND d.key ILIKE ${`%${q.key.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
      ${q.category ? sql`AND d.category = ${q.category}` : sql``}`;
    return this.page<DefinitionRow>(where, DEF_COLUMNS, sql`d.key, d.version DESC`, q.current, q.size);
  }

  async definition(tenantId: string, id: string): Promise<DefinitionRow | undefined> {
    const { rows } = await sql<DefinitionRow>`SELECT ${DEF_COLUMNS}, d.xml FROM yuan_flow_definition d
      WHERE d.tenant_id = ${tenantId} AND d.id = ${id}`.execute(this.db);
    return rows[0];
  }

  async latestDefinition(tenantId: string, key: string): Promise<DefinitionRow | undefined> {
    const { rows } = await sql<DefinitionRow>`SELECT ${DEF_COLUMNS}, d.xml FROM yuan_flow_definition d
      WHERE d.tenant_id = ${tenantId} AND d.key = ${key} ORDER BY d.version DESC LIMIT 1`.execute(this.db);
    return rows[0];
  }

  async setSuspended(tenantId: string, id: string, suspended: boolean): Promise<number> {
    const r = await sql`UPDATE yuan_flow_definition SET suspended = ${suspended}
      WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
    return Number(r.numAffectedRows ?? 0);
  }

  async deploymentsFound(tenantId: string, ids: string[]): Promise<number> {
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(DISTINCT deployment_id) AS n FROM yuan_flow_definition
      WHERE tenant_id = ${tenantId} AND deployment_id::text = ANY(${ids})`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  async runningInDeployments(tenantId: string, ids: string[]): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`SELECT i.id::text AS id FROM yuan_flow_instance i
      JOIN yuan_flow_definition d ON d.tenant_id = i.tenant_id AND d.id = i.definition_id
      WHERE i.tenant_id = ${tenantId} AND i.state = 'running' AND d.deployment_id::text = ANY(${ids})`.execute(
      this.db,
    );
    return rows.map((r) => r.id);
  }

  async deleteDeployments(tenantId: string, ids: string[]): Promise<void> {
    await sql`DELETE FROM yuan_flow_definition WHERE tenant_id = ${tenantId} AND deployment_id::text = ANY(${ids})`.execute(
      this.db,
    );
  }

  // Instances

  async insertInstance(
    tenantId: string,
    row: { id: string; definitionId: string; businessKey: string; userId: string },
  ) {
    await sql`INSERT INTO yuan_flow_instance (tenant_id, id, definition_id, business_key, start_user, state)
      VALUES (${tenantId}, ${row.id}, ${row.definitionId}, ${row.businessKey}, ${row.userId}, 'running')`.execute(
      this.db,
    );
  }

  /** The instance, locked until the unit of work ends: one step at a time, whichever server process takes it. */
  async lockInstance(tenantId: string, id: string): Promise<InstanceRow | undefined> {
    const { rows } = await sql<InstanceRow>`SELECT id::text AS id, definition_id::text AS "definitionId",
        business_key AS "businessKey", start_user::text AS "startUser", state, engine_state AS "engineState"
      FROM yuan_flow_instance WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`.execute(this.db);
    return rows[0];
  }

  async saveInstance(
    tenantId: string,
    id: string,
    values: { state: string; engineState: unknown; current: unknown; error?: string; deleteReason?: string },
  ): Promise<void> {
    const done = values.state !== 'running';
    await sql`UPDATE yuan_flow_instance SET state = ${values.state},
        engine_state = ${done ? null : JSON.stringify(values.engineState)}::jsonb,
        current_activities = ${JSON.stringify(values.current)}::jsonb,
        error = ${values.error ?? ''}, delete_reason = ${values.deleteReason ?? ''},
        end_time = ${done ? sql`now()` : sql`NULL`}
      WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  listInstances(
    tenantId: string,
    q: { processDefinitionKey?: string; businessKey?: string; current: number; size: number },
  ) {
    const from = sql`yuan_flow_instance i
      JOIN yuan_flow_definition d ON d.tenant_id = i.tenant_id AND d.id = i.definition_id
      LEFT JOIN yuan_user u ON u.tenant_id = i.tenant_id AND u.id = i.start_user
      WHERE i.tenant_id = ${tenantId} AND i.state = 'running'
      ${q.processDefinitionKey ? sql`AND d.key = ${q.processDefinitionKey}` : sql``}
      ${q.businessKey ? sql`AND i.business_key = ${q.businessKey}` : sql``}`;
    const select = sql`i.id::text AS id, d.id::text AS "processDefinitionId", d.key AS "processDefinitionKey",
      d.name AS "processDefinitionName", d.version AS "processDefinitionVersion", i.business_key AS "businessKey",
      i.start_user::text AS "startUser", coalesce(u.real_name, '') AS "startUserName", i.start_time AS "startTime",
      i.current_activities AS "currentActivities", i.state`;
    return this.page(from, select, sql`i.start_time DESC, i.id DESC`, q.current, q.size);
  }

  async currentOf(tenantId: string, instanceId: string): Promise<{ id: string; type: string }[]> {
    const { rows } = await sql<{
      current: { id: string; type: string }[];
    }>`SELECT current_activities AS current
      FROM yuan_flow_instance WHERE tenant_id = ${tenantId} AND id = ${instanceId}`.execute(this.db);
    return rows[0]?.current ?? [];
  }

  async startUserOf(tenantId: string, instanceId: string): Promise<string | undefined> {
    const { rows } = await sql<{ u: string }>`SELECT start_user::text AS u FROM yuan_flow_instance
      WHERE tenant_id = ${tenantId} AND id = ${instanceId}`.execute(this.db);
    return rows[0]?.u;
  }

  async instanceDefinition(tenantId: string, instanceId: string) {
    const { rows } = await sql<{ xml: string; current: { id: string }[] }>`SELECT d.xml,
        i.current_activities AS current FROM yuan_flow_instance i
      JOIN yuan_flow_definition d ON d.tenant_id = i.tenant_id AND d.id = i.definition_id
      WHERE i.tenant_id = ${tenantId} AND i.id = ${instanceId}`.execute(this.db);
    return rows[0];
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
      await sql`INSERT INTO yuan_flow_history (tenant_id, id, instance_id, element_id, element_name, kind,
          element_type, start_time, end_time, user_id, comment)
        VALUES (${tenantId}, ${nextId()}, ${instanceId}, ${e.elementId}, ${e.name.slice(0, 255)}, ${e.kind}, ${e.type},
          ${e.startedAt ?? new Date()}, now(), ${mine ? by.userId : null}, ${mine ? by.comment : ''})`.execute(
        this.db,
      );
    }
  }

  async historyOf(tenantId: string, instanceId: string): Promise<{ elementId: string; kind: string }[]> {
    const { rows } = await sql<{
      elementId: string;
      kind: string;
    }>`SELECT DISTINCT element_id AS "elementId", kind
      FROM yuan_flow_history WHERE tenant_id = ${tenantId} AND instance_id = ${instanceId}`.execute(this.db);
    return rows;
  }

  // Tasks

  async openTasks(tenantId: string, instanceId: string): Promise<TaskRow[]> {
    const { rows } =
      await sql<TaskRow>`SELECT ${TASK_COLUMNS} FROM yuan_flow_task WHERE tenant_id = ${tenantId} AND instance_id = ${instanceId} AND state = 'open'`.execute(
        this.db,
      );
    return rows;
  }

  async addTask(tenantId: string, instanceId: string, t: WaitingTask): Promise<void> {
    await sql`INSERT INTO yuan_flow_task (tenant_id, id, instance_id, activity_id, name, assignee, candidate_users,
        candidate_groups, form_page_id)
      VALUES (${tenantId}, ${nextId()}, ${instanceId}, ${t.activityId}, ${t.name.slice(0, 255)}, ${t.assignee.slice(0, 64)},
        ${t.candidateUsers.slice(0, 1000)}, ${t.candidateGroups.slice(0, 1000)}, ${t.formPage.slice(0, 32)})`.execute(
      this.db,
    );
  }

  async cancelTasks(tenantId: string, ids: string[]): Promise<void> {
    if (ids.length > 0) {
      await sql`UPDATE yuan_flow_task SET state = 'cancelled', complete_time = now()
        WHERE tenant_id = ${tenantId} AND id::text = ANY(${ids})`.execute(this.db);
    }
  }

  async lockTask(tenantId: string, id: string): Promise<TaskRow | undefined> {
    const { rows } =
      await sql<TaskRow>`SELECT ${TASK_COLUMNS} FROM yuan_flow_task WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`.execute(
        this.db,
      );
    return rows[0];
  }

  async claim(tenantId: string, id: string, account: string): Promise<void> {
    await sql`UPDATE yuan_flow_task SET assignee = ${account}, claim_time = now()
      WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  async complete(tenantId: string, id: string, userId: string, comment: string): Promise<void> {
    await sql`UPDATE yuan_flow_task SET state = 'done', complete_time = now(), complete_user = ${userId},
        comment = ${comment} WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(this.db);
  }

  /** Open tasks the viewer may act on: assigned to them, or unassigned and offered to them or their groups. */
  todo(tenantId: string, viewer: TaskViewer, current: number, size: number) {
    const offered = sql`(t.assignee = ${viewer.account} OR (t.assignee = '' AND (
        ${viewer.account} = ANY(string_to_array(replace(t.candidate_users, ' ', ''), ','))
        OR string_to_array(replace(t.candidate_groups, ' ', ''), ',') && ${viewer.groups}::text[])))`;
    return this.tasks(sql`t.tenant_id = ${tenantId} AND t.state = 'open' AND ${offered}`, current, size);
  }

  done(tenantId: string, userId: string, current: number, size: number) {
    return this.tasks(
      sql`t.tenant_id = ${tenantId} AND t.state = 'done' AND t.complete_user = ${userId}`,
      current,
      size,
    );
  }

  private tasks(where: RawBuilder<unknown>, current: number, size: number) {
    const from = sql`yuan_flow_task t
      JOIN yuan_flow_instance i ON i.tenant_id = t.tenant_id AND i.id = t.instance_id
      JOIN yuan_flow_definition d ON d.tenant_id = i.tenant_id AND d.id = i.definition_id WHERE ${where}`;
    const select = sql`t.id::text AS id, t.name, t.activity_id AS "activityId",
      t.instance_id::text AS "processInstanceId", d.name AS "processDefinitionName", i.business_key AS "businessKey",
      t.assignee, t.candidate_users AS "candidateUsers", t.candidate_groups AS "candidateGroups",
      t.form_page_id AS "formPageId", t.create_time AS "createTime", t.complete_time AS "completeTime", t.comment`;
    return this.page(
      from,
      select,
      sql`coalesce(t.complete_time, t.create_time) DESC, t.id DESC`,
      current,
      size,
    );
  }

  // Timer jobs

  async replaceJobs(tenantId: string, instanceId: string, timers: { activityId: string; dueAt: Date }[]) {
    await sql`DELETE FROM yuan_flow_job WHERE tenant_id = ${tenantId} AND instance_id = ${instanceId}`.execute(
      this.db,
    );
    for (const t of timers) {
      await sql`INSERT INTO yuan_flow_job (tenant_id, id, instance_id, activity_id, due_at)
        VALUES (${tenantId}, ${nextId()}, ${instanceId}, ${t.activityId}, ${t.dueAt})`.execute(this.db);
    }
  }

  /** Leases up to `n` due jobs of any tenant to the caller for `leaseMs` (platform-wide scope). */
  async leaseDue(
    n: number,
    leaseMs: number,
  ): Promise<{ tenantId: string; id: string; instanceId: string }[]> {
    const { rows } = await sql<{ tenantId: string; id: string; instanceId: string }>`
      UPDATE yuan_flow_job SET locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
      WHERE (tenant_id, id) IN (
        SELECT tenant_id, id FROM yuan_flow_job
        WHERE due_at <= now() AND (locked_until IS NULL OR locked_until < now()) AND attempts < 5
        ORDER BY due_at LIMIT ${n} FOR UPDATE SKIP LOCKED)
      RETURNING tenant_id AS "tenantId", id::text AS id, instance_id::text AS "instanceId"`.execute(this.db);
    return rows;
  }

  /** Gives back every lease: at start, when this process is the only one, their holder is gone. */
  async releaseLeases(): Promise<number> {
    const r = await sql`UPDATE yuan_flow_job SET locked_until = NULL WHERE locked_until > now()`.execute(
      this.db,
    );
    return Number(r.numAffectedRows ?? 0);
  }
}
