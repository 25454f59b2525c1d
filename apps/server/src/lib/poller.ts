/**
 * Runs `work` every `intervalMs`, one round at a time (a slow round is not overlapped by the next), without keeping
 * the process alive; `stop` waits for the round under way.
 */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts polling; `now`: the first round runs at once rather than after one interval. */
  start(now = false): void {
    if (this.timer) {
      return;
    }
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
    if (now) {
      this.tick();
    }
  }

  private tick(): void {
    this.round ??= this.work()
      .then(() => undefined, this.onError)
      .finally(() => {
        this.round = undefined;
      });
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
  }
}
