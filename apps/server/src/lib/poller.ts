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

  start(): void {
    this.timer ??= setInterval(() => {
      this.round ??= this.work()
        .then(() => undefined, this.onError)
        .finally(() => {
          this.round = undefined;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
  }
}
