/** Messages between the sandbox host (main thread) and its worker. Plain data only: they cross a thread. */

/** The most memory a script may be given; a worker's interpreter can never hold more than this beyond its base. */
export const MAX_SCRIPT_MEMORY = 64 * 1024 * 1024;

/** A script to run: its code is the body of a function of (params, user); `return` gives the result. */
export interface Job {
  kind: 'run';
  id: number;
  code: string;
  params: unknown;
  user: unknown;
  /** Interpreter time the script may use; time spent waiting on host calls does not count. */
  cpuMs: number;
  /** Time the whole run may take, host calls included: past it the script stops and a pending host answer is dropped. */
  wallMs: number;
  memoryBytes: number;
  /** Host functions the script may call, by name (e.g. `db.query`); each answers through `HostAnswer`. */
  host: string[];
}

export interface HostAnswer {
  kind: 'host-answer';
  call: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

export type ToWorker = Job | HostAnswer;

export interface HostCall {
  kind: 'host-call';
  job: number;
  call: number;
  name: string;
  args: unknown[];
}

export interface Outcome {
  kind: 'done';
  id: number;
  ok: boolean;
  value?: unknown;
  /**
   * Why the script failed: its own error, a limit (`time limit` for its CPU time, `wall time limit` for its whole
   * run, `memory limit`), or a host call refused.
   */
  error?: string;
  /** The limit that stopped it: `time` for either time limit (CPU or wall), `memory`. */
  limit?: 'time' | 'memory';
  logs: string[];
  /** Interpreter time used (host calls excluded). */
  cpuMs: number;
  /** The interpreter's memory grew and stays grown: the worker should be replaced before the next script. */
  recycle: boolean;
}

export type FromWorker = HostCall | Outcome | { kind: 'ready' };
