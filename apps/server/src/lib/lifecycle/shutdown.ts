import { constants } from 'node:os';

/** After the drain, what the remaining steps may take in all before the process ends anyway. */
export const AFTER_DRAIN_MS = 5_000;
/** How long a stop asked for during start-up waits for the start to reach its next checkpoint. */
export const STARTUP_WAIT_MS = 30_000;
const PARENT_POLL_MS = 250;

export interface ShutdownLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Until the app's logger exists: one JSON line on stderr, in the logger's shape. */
const plainLog: ShutdownLog = {
  info: (details, msg) => writeLine(30, details, msg),
  warn: (details, msg) => writeLine(40, details, msg),
  error: (details, msg) => writeLine(50, details, msg),
};

function writeLine(level: number, details: object, msg: string): void {
  const err = (details as { err?: unknown }).err;
  const shown =
    err instanceof Error ? { ...details, err: { message: err.message, stack: err.stack } } : details;
  process.stderr.write(`${JSON.stringify({ level, time: Date.now(), ...shown, msg })}\n`);
}

/** Thrown at a start-up checkpoint once a stop was asked for: the start ends there, the stop takes over. */
export class StopRequested extends Error {
  constructor() {
    super('stopping');
  }
}

export interface ShutdownOptions {
  /** SHUTDOWN_GRACE_MS: how long calls in flight may take to finish. */
  graceMs: number;
  afterDrainMs?: number;
  exit?: (code: number) => void;
}

/**
 * The process's stop: the things it started, stopped in the reverse order of their start (the app before the
 * database, the database before the server it runs on). SIGTERM or SIGINT starts it; a second one ends the process
 * at once; the steps are bounded by the grace plus AFTER_DRAIN_MS (after a start under way reached its checkpoint,
 * itself bounded by STARTUP_WAIT_MS). Exit code 0 when every step ended cleanly.
 */
export class Shutdown {
  private readonly steps: { name: string; stop: () => Promise<unknown> }[] = [];
  private log: ShutdownLog = plainLog;
  private startup: Promise<unknown> = Promise.resolve();
  private running: Promise<void> | undefined;
  private readonly exit: (code: number) => void;

  constructor(private readonly options: ShutdownOptions) {
    this.exit = options.exit ?? ((code) => process.exit(code));
  }

  get stopping(): boolean {
    return this.running !== undefined;
  }

  /** Adds what stops something just started: it runs before the steps added earlier. */
  push(name: string, stop: () => Promise<unknown>): void {
    this.steps.push({ name, stop });
  }

  useLog(log: ShutdownLog): void {
    this.log = log;
  }

  /** Throws StopRequested when a stop was asked for: start-up calls it between its steps. */
  checkpoint(): void {
    if (this.stopping) {
      throw new StopRequested();
    }
  }

  /** The start-up under way: a stop asked for meanwhile waits for it to reach its next checkpoint. */
  starting<T>(startup: Promise<T>): Promise<T> {
    this.startup = startup.catch(() => undefined);
    return startup;
  }

  /**
   * Runs a process's start-up: `up` gets what it answers; a start-up that fails (not one a stop cut short, which ends
   * the process itself) is reported, and what did start stops in order, exit 1.
   */
  launch<T>(startup: Promise<T>, up: (value: T) => void, report: (error: unknown) => void): void {
    this.starting(startup).then(up, (error: unknown) => {
      if (error instanceof StopRequested || this.stopping) {
        return;
      }
      report(error);
      void this.stop('start-up failed', 1);
    });
  }

  /** SIGTERM and SIGINT stop the process; a second signal while it stops ends it at once. */
  listen(signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): this {
    for (const signal of signals) {
      process.on(signal, () => {
        if (this.stopping) {
          this.log.warn({ signal }, 'second signal: exiting now');
          this.exit(128 + (constants.signals[signal] ?? 15));
          return;
        }
        void this.stop(signal);
      });
    }
    return this;
  }

  /**
   * Stops the process when its parent goes away. npm runs a script through `sh -c` and passes a SIGTERM to that
   * shell only, which ends without passing it on: the server sees its parent change instead.
   */
  stopWithParent(): this {
    const parent = process.ppid;
    const timer = setInterval(() => {
      if (process.ppid !== parent) {
        clearInterval(timer);
        void this.stop('parent process gone');
      }
    }, PARENT_POLL_MS);
    timer.unref();
    return this;
  }

  /** Runs the steps once (later calls join the first), then exits: `code`, or 1 if a step failed or time ran out. */
  stop(reason: string, code = 0): Promise<void> {
    this.running ??= this.runSteps(reason, code);
    return this.running;
  }

  private async runSteps(reason: string, code: number): Promise<void> {
    const limit = this.options.graceMs + (this.options.afterDrainMs ?? AFTER_DRAIN_MS);
    const started = Date.now();
    this.log.info({ reason, graceMs: this.options.graceMs }, 'stopping');
    let timer: NodeJS.Timeout | undefined;
    const settled = await Promise.race([
      this.startup.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), STARTUP_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!settled) {
      this.log.error(
        { waitedMs: STARTUP_WAIT_MS },
        'start-up did not reach a checkpoint in time: exiting now',
      );
      this.exit(1);
      return;
    }
    const watchdog = setTimeout(() => {
      this.log.error({ limitMs: limit }, 'stop took too long: exiting now');
      this.exit(1);
    }, limit);
    let failed = false;
    for (const step of [...this.steps].reverse()) {
      try {
        await step.stop();
      } catch (error) {
        failed = true;
        this.log.error({ err: error, step: step.name }, 'a stop step failed');
      }
    }
    clearTimeout(watchdog);
    this.log.info({ ms: Date.now() - started, clean: !failed }, 'stopped');
    this.exit(failed ? 1 : code);
  }
}
