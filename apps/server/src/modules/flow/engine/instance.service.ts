import { nextId } from '../../../lib/id.ts';
import { AppError, forbidden, notFound } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../types.ts';
import { type EngineHooks, runInstance, type Settled, type WaitingTask } from './flow-runtime.ts';
import type { FlowRepos, InstanceRow, TaskRow, TaskViewer } from './flow.repo.ts';
import { ExpressionRefused, fillVariables } from './variable-expressions.ts';

/** What a process step may run: scripts and flow services in the sandbox, as the user who moves the step. */
export interface FlowScripts {
  run(ctx: AuthContext, code: string, params: Record<string, unknown>): Promise<unknown>;
  service(ctx: AuthContext, path: string, params: Record<string, unknown>): Promise<unknown>;
}

/**
 * Process instances and their tasks. Each call is one step of one instance: the instance row is locked, the engine
 * resumes from its stored state, and the step's outcome (state, open tasks, timer jobs, history) is written in the
 * same unit of work — a failing script or service leaves everything as it was and answers its error.
 */
export class InstanceService {
  constructor(
    private readonly repos: FlowRepos,
    private readonly scripts: FlowScripts,
  ) {}

  async start(
    ctx: AuthContext,
    body: { processDefinitionKey: string; businessKey?: string; variables?: Record<string, unknown> },
  ) {
    const def = await this.repos.definitions.latestDefinition(ctx.tenantId, body.processDefinitionKey);
    if (!def?.xml) {
      throw new AppError(404, 'flow.noDefinition', { key: body.processDefinitionKey.slice(0, 64) });
    }
    if (def.suspended) {
      throw new AppError(400, 'flow.suspended');
    }
    const id = nextId();
    await this.repos.instances.insertInstance(ctx.tenantId, {
      id,
      definitionId: def.id,
      businessKey: body.businessKey ?? '',
      userId: ctx.userId,
    });
    // `starter` lets a model assign a task back to whoever started it (assignee="${starter}").
    const variables = { ...(body.variables ?? {}), starter: ctx.account };
    const settled = await runInstance({ source: def.xml, variables, hooks: this.hooks(ctx) });
    await this.record(ctx, id, settled, variables);
    return { processInstanceId: id, state: settled.status, currentActivities: settled.current };
  }

  async claim(ctx: AuthContext, taskId: string): Promise<void> {
    const task = await this.openTask(ctx, taskId);
    if (task.assignee !== '' && task.assignee !== ctx.account) {
      throw new AppError(403, 'flow.taskNotYours');
    }
    await this.repos.tasks.claim(ctx.tenantId, taskId, ctx.account);
  }

  async complete(
    ctx: AuthContext,
    body: { taskId: string; comment?: string; variables?: Record<string, unknown> },
  ) {
    const task = await this.openTask(ctx, body.taskId);
    const instance = await this.repos.instances.lockInstance(ctx.tenantId, task.instanceId);
    if (instance?.state !== 'running') {
      throw new AppError(400, 'flow.taskClosed');
    }
    const comment = body.comment ?? '';
    await this.repos.tasks.complete(ctx.tenantId, task.id, ctx.userId, comment);
    const settled = await this.resume(ctx, instance, {
      activityId: task.activityId,
      variables: body.variables ?? {},
    });
    await this.record(ctx, instance.id, settled, undefined, {
      taskActivityId: task.activityId,
      userId: ctx.userId,
      comment,
    });
    return { processInstanceId: instance.id, state: settled.status, currentActivities: settled.current };
  }

  /**
   * Delivers a message to an instance waiting in a message catch event or receive task (user tasks are completed
   * through their task, by the people they are offered to).
   */
  async signal(
    ctx: AuthContext,
    body: { processInstanceId: string; activityId: string; variables?: Record<string, unknown> },
  ) {
    const instance = await this.repos.instances.lockInstance(ctx.tenantId, body.processInstanceId);
    if (!instance) {
      throw notFound();
    }
    const waiting = await this.repos.instances.currentOf(ctx.tenantId, instance.id);
    const target = waiting.find((a) => a.id === body.activityId);
    if (instance.state !== 'running' || !target || target.type === 'bpmn:UserTask') {
      throw new AppError(400, 'flow.notWaiting', { activity: body.activityId.slice(0, 128) });
    }
    const settled = await this.resume(ctx, instance, {
      activityId: target.id,
      variables: body.variables ?? {},
    });
    await this.record(ctx, instance.id, settled);
    return { processInstanceId: instance.id, state: settled.status, currentActivities: settled.current };
  }

  /** A due timer: the instance resumes as whoever started it, and its expired timers fire. */
  async fireTimers(starter: AuthContext, instanceId: string): Promise<void> {
    const instance = await this.repos.instances.lockInstance(starter.tenantId, instanceId);
    if (instance?.state !== 'running') {
      await this.repos.jobs.replaceJobs(starter.tenantId, instanceId, []);
      return;
    }
    await this.record(starter, instance.id, await this.resume(starter, instance));
  }

  async remove(ctx: AuthContext, instanceId: string, reason: string): Promise<void> {
    const instance = await this.repos.instances.lockInstance(ctx.tenantId, instanceId);
    if (!instance) {
      throw notFound();
    }
    if (instance.state !== 'running') {
      throw new AppError(400, 'flow.notRunning');
    }
    await this.end(ctx.tenantId, instance.id, 'deleted', reason);
  }

  /** Ends a running instance without running it further (deleted, or its deployment removed). */
  async end(tenantId: string, instanceId: string, state: 'deleted', reason: string): Promise<void> {
    await this.repos.tasks.cancelTasks(
      tenantId,
      (await this.repos.tasks.openTasks(tenantId, instanceId)).map((t) => t.id),
    );
    await this.repos.jobs.replaceJobs(tenantId, instanceId, []);
    await this.repos.instances.saveInstance(tenantId, instanceId, {
      state,
      engineState: null,
      current: [],
      deleteReason: reason,
    });
  }

  /** The groups a task may be offered to: the user's role aliases and ids, and department. */
  static viewer(ctx: AuthContext): TaskViewer {
    return {
      userId: ctx.userId,
      account: ctx.account,
      groups: [...ctx.roleNames, ...ctx.roleIds, ...(ctx.deptId ? [ctx.deptId] : [])],
    };
  }

  private async openTask(ctx: AuthContext, taskId: string): Promise<TaskRow> {
    const task = await this.repos.tasks.lockTask(ctx.tenantId, taskId);
    if (!task) {
      throw notFound();
    }
    if (task.state !== 'open') {
      throw new AppError(400, 'flow.taskClosed');
    }
    const viewer = InstanceService.viewer(ctx);
    const list = (s: string) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
    const offered =
      task.assignee === ctx.account ||
      (task.assignee === '' &&
        (list(task.candidateUsers).includes(ctx.account) ||
          list(task.candidateGroups).some((g) => viewer.groups.includes(g))));
    if (!offered) {
      throw forbidden('flow.taskNotYours');
    }
    return task;
  }

  private async resume(
    ctx: AuthContext,
    instance: InstanceRow,
    signal?: { activityId: string; variables: Record<string, unknown> },
  ): Promise<Settled> {
    const source = (await this.repos.instances.instanceDefinition(ctx.tenantId, instance.id))?.xml;
    if (!source || !instance.engineState) {
      throw new AppError(400, 'flow.notRunning');
    }
    return runInstance({
      source,
      state: instance.engineState,
      hooks: this.hooks(ctx),
      ...(signal ? { signal } : {}),
    });
  }

  /** Writes a step's outcome; a failed step answers its error and the unit of work undoes everything. */
  private async record(
    ctx: AuthContext,
    instanceId: string,
    settled: Settled,
    startVariables?: Record<string, unknown>,
    by?: { taskActivityId: string; userId: string; comment: string },
  ): Promise<void> {
    if (settled.status === 'failed') {
      throw new AppError(400, 'flow.failed', { error: settled.error ?? '' });
    }
    const { tenantId } = ctx;
    await this.repos.instances.addHistory(tenantId, instanceId, settled.history, by);
    const open = await this.repos.tasks.openTasks(tenantId, instanceId);
    const waitingIds = new Set(settled.userTasks.map((t) => t.activityId));
    await this.repos.tasks.cancelTasks(
      tenantId,
      open.filter((t) => !waitingIds.has(t.activityId)).map((t) => t.id),
    );
    const openIds = new Set(open.map((t) => t.activityId));
    const variables = { ...(startVariables ?? {}), ...settled.variables };
    for (const task of settled.userTasks.filter((t) => !openIds.has(t.activityId))) {
      await this.repos.tasks.addTask(tenantId, instanceId, resolveAssignee(task, variables));
    }
    await this.repos.jobs.replaceJobs(tenantId, instanceId, settled.timers);
    await this.repos.instances.saveInstance(tenantId, instanceId, {
      state: settled.status === 'completed' ? 'completed' : 'running',
      engineState: settled.state,
      current: settled.current,
    });
  }

  private hooks(ctx: AuthContext): EngineHooks {
    return {
      runScript: (code, variables) => this.scripts.run(ctx, code, variables),
      runService: (path, variables) => this.scripts.service(ctx, path, variables),
    };
  }
}

/**
 * `${…}` in an assignee or candidate list is a variable (e.g. `${starter}`, `${variables.reviewer}`; a list value
 * becomes a comma-separated list). One outside the variable grammar, in a model stored before models were checked,
 * fails the step instead of being evaluated.
 */
function resolveAssignee(task: WaitingTask, variables: Record<string, unknown>): WaitingTask {
  try {
    return {
      ...task,
      assignee: fillVariables(task.assignee, variables),
      candidateUsers: fillVariables(task.candidateUsers, variables),
      candidateGroups: fillVariables(task.candidateGroups, variables),
    };
  } catch (error) {
    if (error instanceof ExpressionRefused) {
      throw new AppError(400, 'flow.failed', { error: error.message });
    }
    throw error;
  }
}
