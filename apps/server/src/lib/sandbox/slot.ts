import { Worker } from 'node:worker_threads';
import type { FromWorker, HostCall, Job, Outcome, ToWorker } from './protocol.ts';

/** A function the script may call (e.g. `db.query`); it runs here, in the caller's scope, with JSON arguments. */
export type HostFunction = (...args: unknown[]) => Promise<unknown>;

/** The limits a run had: its interpreter (CPU) time and its whole time, host calls included. */
export interface RunLimits {
  cpuMs: number;
  wallMs: number;
}

/** What a run gave (see `Outcome`), with its wall time and the limits it ran under. */
export type RunResult = Omit<Outcome, 'kind' | 'id' | 'recycle'> & { ms: number; limits: RunLimits };

/** Past a limit by this much without an answer, a worker is stuck outside the interpreter: it is ended. */
const GRACE_MS = 1_500;

interface Running {
  job: Job;
  host: Record<string, HostFunction>;
  started: number;
  /** When the interpreter last had the CPU (a host call stops its clock). */
  resumed: number;
  inHost: number;
  resolve: (result: RunResult) => void;
}

/**
 * One worker thread running one script at a time. The worker stops a script at its limits itself; one that does not
 * answer in time (stuck in a single long operation) is ended and replaced. A replacement is started at once, so the
 * next script does not wait for a worker to load.
 */
export class Slot {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private running: Running | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private closed = false;
  /** Its worker has loaded the interpreter and waits for a script. */
  warm = false;
  /** Taken from the moment a job is given to it until its result is out, worker start included. */
  busy = false;

  /** Starts the worker ahead of need (a failed start is retried by the next run). */
  warmUp(): void {
    if (!this.ready && !this.closed) {
      this.spawn().catch(() => undefined);
    }
  }

  private spawn(): Promise<void> {
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
      // The interpreter's heap is wasm memory, capped per run; this bounds the thread's own JavaScript.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    this.worker = worker;
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (message: FromWorker) => {
        if (message.kind === 'ready') {
          this.warm = this.worker === worker;
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
        // A worker that ran and then died is replaced; one that never loaded is not retried in a loop.
        const wasWarm = this.warm;
        this.forget();
        this.fail('sandbox stopped', undefined);
        if (wasWarm) {
          this.warmUp();
        }
      }
    });
    this.ready = ready;
    return ready;
  }

  async run(job: Job, host: Record<string, HostFunction>): Promise<RunResult> {
    if (!this.ready) {
      await this.spawn();
    }
    await this.ready;
    return new Promise<RunResult>((resolve) => {
      const now = performance.now();
      this.running = { job, host, started: now, resumed: now, inHost: 0, resolve };
      this.watchdog = setInterval(() => this.check(), 100);
      this.post(job);
    });
  }

  private post(message: ToWorker, worker = this.worker) {
    worker?.postMessage(message);
  }

  private check() {
    const running = this.running;
    if (!running) {
      return;
    }
    const now = performance.now();
    if (now - running.started > running.job.wallMs + GRACE_MS) {
      this.replace();
      this.fail('wall time limit', 'time');
    } else if (running.inHost === 0 && now - running.resumed > running.job.cpuMs + GRACE_MS) {
      this.replace();
      this.fail('time limit', 'time');
    }
  }

  private async hostCall(call: HostCall) {
    // The answer goes to the worker that asked: call numbers are its own, and a replacement counts from 0 again.
    const worker = this.worker;
    const running = this.running;
    const fn = running?.host[call.name];
    if (!running || !fn || call.job !== running.job.id) {
      const error = `${call.name} is not available`;
      this.post({ kind: 'host-answer', call: call.call, ok: false, error }, worker);
      return;
    }
    running.inHost += 1;
    try {
      const value = await fn(...call.args);
      this.post({ kind: 'host-answer', call: call.call, ok: true, value: value ?? null }, worker);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.post({ kind: 'host-answer', call: call.call, ok: false, error: text }, worker);
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
      this.replace();
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

  private settle(result: Omit<RunResult, 'limits'>) {
    const running = this.running;
    this.running = undefined;
    clearInterval(this.watchdog);
    if (running) {
      const { cpuMs, wallMs } = running.job;
      running.resolve({ ...result, limits: { cpuMs, wallMs } });
    }
  }

  private forget() {
    this.worker = undefined;
    this.ready = undefined;
    this.warm = false;
  }

  /** Ends the worker and starts its replacement. */
  private replace() {
    void this.worker?.terminate();
    this.forget();
    this.warmUp();
  }

  async close() {
    this.closed = true;
    const worker = this.worker;
    this.forget();
    await worker?.terminate();
  }
}
