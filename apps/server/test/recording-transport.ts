import type { Transport } from '../src/lib/bus/bus.ts';

/**
 * A bus transport that keeps what is sent and hands it back only when the test says so: it stands for the wire, so
 * a test sees the frames, makes a send fail, or loses the subscription.
 */
export class RecordingTransport implements Transport {
  readonly kind = 'postgres';
  readonly sent: string[] = [];
  /** Sends that will fail from now on, until set back to 0. */
  failing = 0;
  private receive: (frame: string) => void = () => {};
  private regained: () => void = () => {};

  constructor(readonly maxFrame = 7_900) {}

  async send(frame: string): Promise<void> {
    if (this.failing > 0) {
      this.failing--;
      throw new Error('the wire is down');
    }
    this.sent.push(frame);
  }

  async open(receive: (frame: string) => void, regained: () => void): Promise<void> {
    this.receive = receive;
    this.regained = regained;
  }

  /** Every process hears what was sent, this one too. */
  echo(): void {
    for (const frame of this.sent.splice(0)) {
      this.receive(frame);
    }
  }

  hear(frame: string): void {
    this.receive(frame);
  }

  /** The subscription was lost and is back. */
  regain(): void {
    this.regained();
  }

  async close(): Promise<void> {}
}
