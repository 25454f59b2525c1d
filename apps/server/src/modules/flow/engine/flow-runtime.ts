import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { yuanModdle } from '@yuan/contract';
import { Engine } from 'bpmn-engine';
import { variableExpressions } from './variable-expressions.ts';

/** What the engine asks of the server: scripts (conditions, script tasks) and flow services, both in the sandbox. */
export interface EngineHooks {
  /** Evaluates `code` (a function body) with the instance's variables as `params`; throws on a failing script. */
  runScript(code: string, variables: Record<string, unknown>): Promise<unknown>;
  /** Runs the flow service at `path` with the instance's variables; throws on a failing service. */
  runService(path: string, variables: Record<string, unknown>): Promise<unknown>;
}

export interface WaitingTask {
  activityId: string;
  name: string;
  assignee: string;
  candidateUsers: string;
  candidateGroups: string;
  formPage: string;
}

export interface HistoryEntry {
  elementId: string;
  name: string;
  kind: 'activity' | 'flow';
  type: string;
  startedAt?: Date;
}

export interface Settled {
  status: 'waiting' | 'completed' | 'failed';
  /** The engine's serialised state (while waiting). */
  state?: unknown;
  /** The activities the instance waits in now. */
  current: { id: string; name: string; type: string }[];
  userTasks: WaitingTask[];
  timers: { activityId: string; dueAt: Date }[];
  /** Activities ended and flows taken during this run. */
  history: HistoryEntry[];
  variables: Record<string, unknown>;
  error?: string;
}

export interface RunOptions {
  source: string;
  /** The state saved at the last wait; absent for a new instance. */
  state?: unknown;
  /** A new instance's variables. */
  variables?: Record<string, unknown>;
  /** Completes a waiting user task (or message/receive task) with these variables. */
  signal?: { activityId: string; variables?: Record<string, unknown> };
  hooks: EngineHooks;
  /** How long a run may take before it counts as failed (scripts, services). */
  timeoutMs?: number;
}

/** Message properties the engine mixes into an environment's variables: not the instance's own. */
const ENGINE_KEYS = new Set(['fields', 'content', 'properties']);

export function cleanVariables(vars: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars ?? {})) {
    if (!ENGINE_KEYS.has(k)) {
      out[k] = v;
    }
  }
  return out;
}

/** `${amount > 100}` or `amount > 100` → a function body over the variables (names bound as constants). */
export function conditionCode(body: string, variables: Record<string, unknown>): string {
  const expression = body.trim().replace(/^\$\{([\s\S]*)\}$/, '$1');
  const names = Object.keys(variables).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && !RESERVED.has(k));
  const bind = names.length > 0 ? `const { ${names.join(', ')} } = params;\n` : '';
  return `${bind}const variables = params;\nreturn (${expression}\n);`;
}

const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await params variables user log db http notice users'.split(
    ' ',
  ),
);

interface ActivityLike {
  id: string;
  type: string;
  name?: string;
  environment: { variables: Record<string, unknown> };
  behaviour: Record<string, unknown> & {
    conditionExpression?: { body?: string };
    script?: { body?: string } | string;
    service?: string;
  };
}

type Callback = (error: Error | null, result?: unknown) => void;
type EngineOptions = NonNullable<ConstructorParameters<typeof Engine>[0]>;
type EngineScripts = EngineOptions['scripts'];
type EngineExtension = NonNullable<EngineOptions['extensions']>[string];

/** `${…}` anywhere the engine resolves one (timers, names, implementations…) reads plain variables, never more. */
const expressions = variableExpressions((context) => cleanVariables(context.environment?.variables));

/**
 * Runs one step of a process instance on bpmn-engine and waits until it settles: every activity is either done or
 * waiting (user task, timer, message), or the instance ended or failed. The engine lives only for the step; what
 * lasts is the answer (its state, its waits, its history), which the caller stores. Timers are the engine's own,
 * stopped at the end of the step: resumed after their due time, they fire at once.
 */
export async function runInstance(options: RunOptions): Promise<Settled> {
  const { hooks } = options;
  const history: HistoryEntry[] = [];
  const waiting = new Map<string, WaitingTask>();
  const timers = new Map<string, Date>();
  let failure: string | undefined;
  let ended = false;

  const scripts = {
    register() {
      return undefined;
    },
    getScript(_language: string, element: ActivityLike) {
      const body =
        element.type === 'bpmn:SequenceFlow'
          ? element.behaviour.conditionExpression?.body
          : element.type === 'bpmn:ScriptTask'
            ? typeof element.behaviour.script === 'string'
              ? element.behaviour.script
              : element.behaviour.script?.body
            : undefined;
      if (body === undefined) {
        return undefined;
      }
      const condition = element.type === 'bpmn:SequenceFlow';
      return {
        execute(scope: { environment: { variables: Record<string, unknown> } }, callback: Callback) {
          const variables = cleanVariables(scope.environment.variables);
          const code = condition ? conditionCode(body, variables) : body;
          hooks.runScript(code, variables).then(
            (value) => callback(null, condition ? Boolean(value) : value),
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        },
      };
    },
  };

  const engine = new Engine({
    name: 'instance',
    source: options.source,
    moddleOptions: { yuan: yuanModdle },
    // The engine's declared types want every script and extension found; ours answer "none" where they do not apply.
    scripts: scripts as unknown as EngineScripts,
    expressions,
    settings: { enableDummyService: false },
    extensions: {
      yuanService: ((activity: ActivityLike) => {
        const path = activity.behaviour.service;
        if (activity.type !== 'bpmn:ServiceTask' || typeof path !== 'string' || path === '') {
          return undefined;
        }
        activity.behaviour.Service = function ScriptService() {
          return {
            execute(_message: unknown, callback: Callback) {
              const env = activity.environment.variables;
              hooks.runService(path, cleanVariables(env)).then(
                (value) => {
                  // A service's object answer becomes instance variables (for gateways after it).
                  if (value && typeof value === 'object' && !Array.isArray(value)) {
                    Object.assign(env, value);
                  }
                  callback(null, value);
                },
                (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
              );
            },
          };
        };
        return undefined;
      }) as unknown as EngineExtension,
    },
  });

  const listener = new EventEmitter();
  listener.on('activity.wait', (api: { id: string; type: string; name?: string; owner: ActivityLike }) => {
    if (api.type === 'bpmn:UserTask') {
      const b = api.owner.behaviour;
      const text = (key: string) => (typeof b[key] === 'string' ? (b[key] as string) : '');
      waiting.set(api.id, {
        activityId: api.id,
        name: api.name ?? api.id,
        assignee: text('assignee'),
        candidateUsers: text('candidateUsers'),
        candidateGroups: text('candidateGroups'),
        formPage: text('formPage'),
      });
    }
  });
  listener.on('activity.timer', (api: { id: string; content: { expireAt?: Date | string } }) => {
    timers.set(api.id, new Date(api.content.expireAt ?? Date.now()));
  });
  listener.on(
    'activity.end',
    (api: { id: string; type: string; name?: string; content: { startedAt?: Date } }) => {
      history.push({
        elementId: api.id,
        name: api.name ?? '',
        kind: 'activity',
        type: api.type,
        ...(api.content.startedAt ? { startedAt: new Date(api.content.startedAt) } : {}),
      });
    },
  );
  listener.on('flow.take', (api: { id: string; type: string; name?: string }) => {
    history.push({ elementId: api.id, name: api.name ?? '', kind: 'flow', type: api.type });
  });
  engine.once('end', () => {
    ended = true;
  });
  engine.once('error', (error: Error) => {
    failure = error.message;
  });

  let execution: Awaited<ReturnType<Engine['execute']>> | undefined;
  try {
    if (options.state) {
      engine.recover(options.state as Parameters<Engine['recover']>[0]);
      execution = await engine.resume({ listener });
    } else {
      execution = await engine.execute({ listener, variables: options.variables ?? {} });
    }
    if (options.signal && !ended && !failure) {
      const { activityId, variables } = options.signal;
      const activity = execution?.getActivityById(activityId) as ActivityLike | undefined;
      if (!activity) {
        throw new Error(`no activity ${activityId}`);
      }
      Object.assign(activity.environment.variables, variables ?? {});
      waiting.delete(activityId);
      execution?.signal({ id: activityId });
    }
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    while (!ended && !failure && execution?.activityStatus === 'executing') {
      if (Date.now() > deadline) {
        failure = 'the step did not settle in time';
        break;
      }
      await sleep(5);
    }
  } catch (error) {
    failure ??= error instanceof Error ? error.message : String(error);
  }

  try {
    if (failure || ended || !execution) {
      return {
        status: failure ? 'failed' : 'completed',
        current: [],
        userTasks: [],
        timers: [],
        history,
        variables: {},
        ...(failure ? { error: failure.slice(0, 1000) } : {}),
      };
    }
    const postponed = execution.getPostponed() as unknown as { id: string; type: string; name?: string }[];
    const current = postponed.map((p) => ({ id: p.id, name: p.name ?? p.id, type: p.type }));
    const ids = new Set(current.map((c) => c.id));
    const state = JSON.parse(JSON.stringify(await engine.getState()));
    const firstProcess = execution.definitions[0]?.getProcesses()[0] as unknown as ActivityLike | undefined;
    return {
      status: 'waiting',
      state,
      current,
      userTasks: [...waiting.values()].filter((t) => ids.has(t.activityId)),
      timers: [...timers.entries()]
        .filter(([id]) => ids.has(id))
        .map(([activityId, dueAt]) => ({ activityId, dueAt })),
      history,
      variables: cleanVariables(firstProcess?.environment.variables),
    };
  } finally {
    // An ended or failed engine has nothing to stop (and its stop never settles); a running one stops its timers.
    if (!ended && !failure) {
      await Promise.race([engine.stop(), sleep(1_000)]);
    }
  }
}
