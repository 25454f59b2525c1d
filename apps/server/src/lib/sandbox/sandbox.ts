import { AsyncResource } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import { FairQueue, type ShareLimits } from './fair-queue.ts';
import { type Job, MAX_SCRIPT_MEMORY } from './protocol.ts';
import { type HostFunction, type RunLimits, type RunResult, Slot } from './slot.ts';

export type { HostFunction, RunLimits, RunResult } from './slot.ts';

export interface RunRequest {
  /** Whose script this is: the workers are shared fairly between tenants. */
  tenant: string;
  /** The body of a function of (params, user); `return` gives the result. */
  code: string;
  params?: unknown;
  user?: unknown;
  /** A lower CPU limit than the default; never above the sandbox's maximum. */
  cpuMs?: number;
  /** A lower wall limit (host calls included) than the default; never above the sandbox's maximum. */
  wallMs?: number;
  memoryBytes?: number;
  host?: Record<string, HostFunction>;
  /**
   * Answer only once the host calls the script started have settled. A script stopped at its wall time leaves its
   * host call running; a caller whose host functions work in its own unit of work must not go on (commit, roll
   * back, release the connection) while one still uses it.
   */
  settleHost?: boolean;
}

/**
 * A script's limits when its caller names none: 1 s of its own CPU time, and 3 s in all with the waits on host
 * functions — a script that spends its life in host calls (each cheap for it, not for the server) still ends.
 */
export const SANDBOX_DEFAULTS = { cpuMs: 1_000, wallMs: 3_000, memoryBytes: 64 * 1024 * 1024 } as const;
/** Jobs one tenant may have waiting for a worker: a burst of quick calls queues, a flood is refused. */
export const TENANT_QUEUE = 16;
/** Jobs all tenants together may have waiting. */
export const TOTAL_QUEUE = 128;
/**
 * How long a job may wait for a worker: one and a half runs at the wall limit. A job behind one script that uses
 * all its time still starts, one behind two is refused instead of waiting on; half a run either way is the margin
 * for a busy server's late stops and starts. A call answers within 4.5 s of waiting and 3 s of running.
 */
export const QUEUE_WAIT_MS = SANDBOX_DEFAULTS.wallMs * 1.5;
const HOST_NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)?$/;

/**
 * Workers by default: one per core (a script is interpreted on its worker's thread; more than the cores only share
 * them), at least 2 so that a tenant's share (half) leaves one to the others, at most 8 since each may hold 64 MB of
 * interpreter memory besides its own heap.
 */
export function defaultWorkers(): number {
  return Math.max(2, Math.min(availableParallelism(), 8));
}

/** A refusal because too many scripts wait: the tenant's queue or the whole queue is full, or none started in time. */
export class SandboxBusyError extends Error {
  constructor(readonly reason: 'queue' | 'wait') {
    super(
      reason === 'queue'
        ? 'sandbox busy: too many scripts waiting'
        : 'sandbox busy: no worker was free in time',
    );
  }
}

export interface SandboxOptions extends Partial<ShareLimits> {
  /** Worker threads (see `defaultWorkers`). */
  workers?: number;
  /** The most a caller may ask; by default the default limits, so a caller may only lower them. */
  max?: Partial<RunLimits>;
}

interface Entry {
  job: Job;
  host: Record<string, HostFunction>;
  /** Host calls under way (see `RunRequest.settleHost`). */
  calls: Set<Promise<unknown>>;
  settleHost: boolean;
  resolve: (result: RunResult) => void;
  reject: (error: Error) => void;
}

/**
 * Runs user scripts isolated from the server: QuickJS (a separate interpreter in WebAssembly) in worker threads,
 * one script per worker at a time, each with a CPU time, a wall time and a memory limit and only the host functions
 * it is given. A script that loops, bombs memory or crashes fails alone; a stuck worker is ended and replaced. A
 * tenant holds at most its share of the workers; its further scripts wait in a bounded queue, for a bounded time.
 */
export class Sandbox {
  private readonly slots: Slot[];
  private readonly queue: FairQueue<Entry>;
  private readonly max: RunLimits;
  private nextJob = 0;
  private warmed = false;

  constructor(options: SandboxOptions = {}) {
    const workers = Math.max(1, options.workers ?? defaultWorkers());
    this.slots = Array.from({ length: workers }, () => new Slot());
    this.max = {
      cpuMs: options.max?.cpuMs ?? SANDBOX_DEFAULTS.cpuMs,
      wallMs: options.max?.wallMs ?? SANDBOX_DEFAULTS.wallMs,
    };
    this.queue = new FairQueue<Entry>(
      {
        tenantShare: options.tenantShare ?? Math.max(1, Math.floor(workers / 2)),
        tenantQueue: options.tenantQueue ?? TENANT_QUEUE,
        totalQueue: options.totalQueue ?? TOTAL_QUEUE,
        queueWaitMs: options.queueWaitMs ?? QUEUE_WAIT_MS,
      },
      (entry) => entry.reject(new SandboxBusyError('wait')),
    );
  }

  run(request: RunRequest): Promise<RunResult> {
    let job: Job;
    try {
      job = this.jobOf(request);
    } catch (error) {
      return Promise.reject(error);
    }
    // Host functions answer the worker's messages, which carry no request context: each runs in its caller's.
    const calls = new Set<Promise<unknown>>();
    const host = Object.fromEntries(
      Object.entries(request.host ?? {}).map(([name, fn]) => {
        const bound = AsyncResource.bind(fn);
        const tracked: HostFunction = (...args) => {
          const call = bound(...args);
          calls.add(call);
          const done = () => calls.delete(call);
          call.then(done, done);
          return call;
        };
        return [name, tracked];
      }),
    );
    if (!this.warmed) {
      // Every worker starts loading now: the first scripts of other tenants do not wait for one to load.
      this.warmed = true;
      for (const slot of this.slots) {
        slot.warmUp();
      }
    }
    return new Promise<RunResult>((resolve, reject) => {
      const entry: Entry = { job, host, calls, settleHost: request.settleHost ?? false, resolve, reject };
      const slot = this.freeSlot();
      if (slot && this.queue.holdNow(request.tenant)) {
        this.start(slot, request.tenant, entry);
      } else if (!this.queue.add(request.tenant, entry)) {
        reject(new SandboxBusyError('queue'));
      } else {
        this.pump();
      }
    });
  }

  private jobOf(request: RunRequest): Job {
    const names = Object.keys(request.host ?? {});
    const bad = names.find((name) => !HOST_NAME.test(name));
    if (bad) {
      throw new Error(`invalid host function name: ${bad}`);
    }
    if (typeof request.tenant !== 'string') {
      throw new Error('a script runs for a tenant');
    }
    if (
      request.memoryBytes !== undefined &&
      !(request.memoryBytes > 0 && request.memoryBytes <= MAX_SCRIPT_MEMORY)
    ) {
      throw new Error(`memoryBytes must be between 1 and ${MAX_SCRIPT_MEMORY}`);
    }
    const limit = (name: keyof RunLimits) => {
      const value = request[name] ?? Math.min(SANDBOX_DEFAULTS[name], this.max[name]);
      if (!(value > 0 && value <= this.max[name])) {
        throw new Error(`${name} must be between 1 and ${this.max[name]}`);
      }
      return value;
    };
    return {
      kind: 'run',
      id: this.nextJob++,
      code: request.code,
      params: request.params ?? {},
      user: request.user ?? null,
      cpuMs: limit('cpuMs'),
      wallMs: limit('wallMs'),
      memoryBytes: request.memoryBytes ?? SANDBOX_DEFAULTS.memoryBytes,
      host: names,
    };
  }

  /** A free slot, one whose worker is loaded first. */
  private freeSlot(): Slot | undefined {
    return this.slots.find((s) => !s.busy && s.warm) ?? this.slots.find((s) => !s.busy);
  }

  private pump() {
    for (let slot = this.freeSlot(); slot; slot = this.freeSlot()) {
      const next = this.queue.take();
      if (!next) {
        return;
      }
      this.start(slot, next.tenant, next.item);
    }
  }

  private start(slot: Slot, tenant: string, entry: Entry) {
    // The slot is taken before its worker is ready, so two jobs never share one.
    slot.busy = true;
    const { cpuMs, wallMs } = entry.job;
    void slot
      .run(entry.job, entry.host)
      .catch(
        (error: unknown): RunResult => ({
          ok: false,
          error: error instanceof Error ? error.message : String(error),
          logs: [],
          cpuMs: 0,
          ms: 0,
          limits: { cpuMs, wallMs },
        }),
      )
      .then(async (result) => {
        slot.busy = false;
        this.queue.release(tenant);
        this.pump();
        if (entry.settleHost) {
          await Promise.allSettled([...entry.calls]);
        }
        entry.resolve(result);
      });
  }

  async close(): Promise<void> {
    for (const entry of this.queue.drain()) {
      entry.reject(new Error('sandbox closed'));
    }
    await Promise.all(this.slots.map((slot) => slot.close()));
  }
}
