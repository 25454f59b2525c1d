import { AsyncResource } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import {
  type FromWorker,
  type HostCall,
  type Job,
  MAX_SCRIPT_MEMORY,
  type Outcome,
  type ToWorker,
} from './protocol.ts';

/** A function the script may call (e.g. `db.query`); it runs here, in the caller's scope, with JSON arguments. */
export type HostFunction = (...args: unknown[]) => Promise<unknown>;

export interface RunRequest {
  /** The body of a function of (params, user); `return` gives the result. */
  code: string;
  params?: unknown;
  user?: unknown;
  cpuMs?: number;
  memoryBytes?: number;
  host?: Record<string, HostFunction>;
}

/** What a run gave (see `Outcome`), with its wall time. */
export type RunResult = Omit<Outcome, 'kind' | 'id' | 'recycle'> & { ms: number };

export const SANDBOX_DEFAULTS = { cpuMs: 1_000, memoryBytes: 64 * 1024 * 1024 } as const;
/** Past its time limit by this much without an answer, a worker is stuck outside the interpreter: it is ended. */
const GRACE_MS = 1_500;
const HOST_NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)?$/;

interface Running {
  job: Job;
  request: RunRequest;
  started: number;
  /** When the interpreter last had the CPU (a host call stops its clock). */
  resumed: number;
  inHost: number;
  resolve: (result: RunResult) => void;
}

/** One worker thread running one script at a time; ended and replaced when a script will not stop. */
class Slot {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private running: Running | undefined;
  /** Taken from the moment a job is given to it until its result is out, worker start included. */
  busy = false;
  private watchdog: NodeJS.Timeout | undefined;

  private spawn(): Promise<void> {
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
      // The interpreter's heap is wasm memory, capped per run; this bounds the thread's own JavaScript.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    this.worker = worker;
    worker.unref();
    this.ready = new Promise((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (message: FromWorker) => {
        if (message.kind === 'ready') {
          resolve();
        } else if (message.kind === 'host-call') {
          void this.hostCall(message);
        } else {
          this.finish(message);
        }
      });
    });
    worker.on('exit', () => {
      if (this.worker === worker) {
        this.worker = undefined;
        this.ready = undefined;
        this.fail('sandbox stopped', undefined);
      }
    });
    return this.ready;
  }

  async run(job: Job, request: RunRequest): Promise<RunResult> {
    if (!this.ready) {
      await this.spawn();
    }
    await this.ready;
    return new Promise<RunResult>((resolve) => {
      const now = performance.now();
      this.running = { job, request, started: now, resumed: now, inHost: 0, resolve };
      this.watchdog = setInterval(() => this.check(), 100);
      this.post(job);
    });
  }

  private post(message: ToWorker) {
    this.worker?.postMessage(message);
  }

  private check() {
    const running = this.running;
    if (
      running &&
      running.inHost === 0 &&
      performance.now() - running.resumed > running.job.cpuMs + GRACE_MS
    ) {
      void this.worker?.terminate();
      this.worker = undefined;
      this.ready = undefined;
      this.fail('time limit', 'time');
    }
  }

  private async hostCall(call: HostCall) {
    const running = this.running;
    const fn = running?.request.host?.[call.name];
    if (!running || !fn) {
      this.post({ kind: 'host-answer', call: call.call, ok: false, error: `${call.name} is not available` });
      return;
    }
    running.inHost += 1;
    try {
      const value = await fn(...call.args);
      this.post({ kind: 'host-answer', call: call.call, ok: true, value: value ?? null });
    } catch (error) {
      this.post({
        kind: 'host-answer',
        call: call.call,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      running.inHost -= 1;
      running.resumed = performance.now();
    }
  }

  private finish(outcome: Outcome) {
    const running = this.running;
    if (!running || outcome.id !== running.job.id) {
      return;
    }
    if (outcome.recycle) {
      // Its interpreter's memory stays grown: the next script gets a fresh worker.
      void this.worker?.terminate();
      this.worker = undefined;
      this.ready = undefined;
    }
    const { kind: _kind, id: _id, recycle: _recycle, ...result } = outcome;
    this.settle({ ...result, ms: Math.round(performance.now() - running.started) });
  }

  private fail(error: string, limit: 'time' | 'memory' | undefined) {
    const running = this.running;
    if (running) {
      this.settle({
        ok: false,
        error,
        ...(limit ? { limit } : {}),
        logs: [],
        cpuMs: running.job.cpuMs,
        ms: Math.round(performance.now() - running.started),
      });
    }
  }

  private settle(result: RunResult) {
    const running = this.running;
    this.running = undefined;
    clearInterval(this.watchdog);
    running?.resolve(result);
  }

  async close() {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

/**
 * Runs user scripts isolated from the server: QuickJS (a separate interpreter in WebAssembly) in worker threads,
 * one script per worker at a time, each with a CPU time and a memory limit and only the host functions it is given.
 * A script that loops, bombs memory or crashes fails alone; a stuck worker is ended and replaced.
 */
export class Sandbox {
  private readonly slots: Slot[];
  private readonly queue: { job: Job; request: RunRequest; resolve: (r: RunResult) => void }[] = [];
  private nextJob = 0;

  constructor(size = 2) {
    this.slots = Array.from({ length: size }, () => new Slot());
  }

  run(request: RunRequest): Promise<RunResult> {
    const names = Object.keys(request.host ?? {});
    const bad = names.find((name) => !HOST_NAME.test(name));
    if (bad) {
      return Promise.reject(new Error(`invalid host function name: ${bad}`));
    }
    if (
      request.memoryBytes !== undefined &&
      !(request.memoryBytes > 0 && request.memoryBytes <= MAX_SCRIPT_MEMORY)
    ) {
      return Promise.reject(new Error(`memoryBytes must be between 1 and ${MAX_SCRIPT_MEMORY}`));
    }
    const job: Job = {
      kind: 'run',
      id: this.nextJob++,
      code: request.code,
      params: request.params ?? {},
      user: request.user ?? null,
      cpuMs: request.cpuMs ?? SANDBOX_DEFAULTS.cpuMs,
      memoryBytes: request.memoryBytes ?? SANDBOX_DEFAULTS.memoryBytes,
      host: names,
    };
    // Host functions answer the worker's messages, which carry no request context: each runs in its caller's.
    const host = Object.fromEntries(
      Object.entries(request.host ?? {}).map(([name, fn]) => [name, AsyncResource.bind(fn)]),
    );
    return new Promise((resolve) => {
      this.queue.push({ job, request: { ...request, host }, resolve });
      this.pump();
    });
  }

  private pump() {
    for (const slot of this.slots) {
      if (slot.busy || this.queue.length === 0) {
        continue;
      }
      const next = this.queue.shift();
      if (!next) {
        return;
      }
      // The slot is taken before its worker is ready, so two jobs never share one.
      slot.busy = true;
      void slot
        .run(next.job, next.request)
        .catch(
          (error: unknown): RunResult => ({
            ok: false,
            error: error instanceof Error ? error.message : String(error),
            logs: [],
            cpuMs: 0,
            ms: 0,
          }),
        )
        .then((result) => {
          slot.busy = false;
          next.resolve(result);
          this.pump();
        });
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.close()));
  }
}
