import type { Address, PublicClient } from 'viem';

/**
 * One sender at a time per address, each with the next nonce: concurrent payments from one wallet all land, each
 * with its own nonce. The nonce is the larger of what this process handed out and what the node counts as pending,
 * so transactions sent elsewhere (another process, the node's own) are not reused.
 */
export class Senders {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly nonces = new Map<string, number>();

  /** Runs `fn` alone for `address`, giving it the first nonce to use; `fn` answers how many it used. */
  async serial<T>(
    client: PublicClient,
    address: Address,
    fn: (nonce: number) => Promise<{ value: T; used: number }>,
  ): Promise<T> {
    const key = address.toLowerCase();
    const before = this.queues.get(key) ?? Promise.resolve();
    const turn = before.then(async () => {
      const pending = await client.getTransactionCount({ address, blockTag: 'pending' });
      const nonce = Math.max(pending, this.nonces.get(key) ?? 0);
      const { value, used } = await fn(nonce);
      if (used > 0) {
        this.nonces.set(key, nonce + used);
      }
      return value;
    });
    const settled = turn.catch(() => undefined);
    this.queues.set(key, settled);
    try {
      return await turn;
    } finally {
      // The last in the queue leaves no entry behind.
      if (this.queues.get(key) === settled) {
        this.queues.delete(key);
      }
    }
  }
}
