/**
 * What the app stops when it closes, phase by phase: what uses a thing stops before it. Jobs first (they use the
 * sandbox, the mail, the chain and the logs), then the services they used, then the embedded chain (after its
 * indexer), and the logs last (everything before may still write one).
 */
export const STOP_PHASES = ['jobs', 'services', 'chain', 'logs'] as const;
export type StopPhase = (typeof STOP_PHASES)[number];

/** How long one phase may take before the next begins anyway: a hung step must not keep the chain from its dump. */
export const PHASE_MS = 3_000;

export interface StopLog {
  warn(details: object, message: string): void;
}

interface Step {
  name: string;
  stop: () => unknown;
}

/**
 * The app's stop steps. Modules add theirs while they register; the app runs them once, when it closes, after the
 * HTTP server has drained. The steps of one phase run side by side; a step that fails is logged and the others
 * still run.
 */
export class StopList {
  private readonly phases = new Map<StopPhase, Step[]>(STOP_PHASES.map((phase) => [phase, []]));
  private ran: Promise<string[]> | undefined;

  constructor(private readonly phaseMs = PHASE_MS) {}

  add(phase: StopPhase, name: string, stop: Step['stop']): void {
    this.phases.get(phase)?.push({ name, stop });
  }

  /** Runs every phase in order, once; answers the names of the steps that failed or did not end in time. */
  run(log?: StopLog): Promise<string[]> {
    this.ran ??= this.runPhases(log);
    return this.ran;
  }

  private async runPhases(log: StopLog | undefined): Promise<string[]> {
    const failed: string[] = [];
    for (const phase of STOP_PHASES) {
      const steps = this.phases.get(phase) ?? [];
      const pending = new Set(steps.map((s) => s.name));
      const all = Promise.all(
        steps.map(async (step) => {
          try {
            await step.stop();
          } catch (error) {
            failed.push(step.name);
            log?.warn({ err: error, step: step.name }, 'a stop step failed');
          } finally {
            pending.delete(step.name);
          }
        }),
      );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.phaseMs);
      });
      await Promise.race([all, late]);
      clearTimeout(timer);
      if (pending.size > 0) {
        failed.push(...pending);
        log?.warn({ phase, steps: [...pending] }, 'stop steps still running; going on without them');
      }
    }
    return failed;
  }
}
