import { sql } from 'kysely';
import type { Address, PublicClient } from 'viem';
import type { Database } from '../../db/index.ts';

// The first key of the advisory locks that lease a sending address (the second is the address's hash).
const LEASE_SPACE = 0x79_75_61_6e;

/**
 * One sender at a time per address across every server process, each with the next nonce: concurrent payments from
 * one wallet all land, each with its own nonce, whichever node takes them. A turn holds the address's lease (an
 * advisory lock in a transaction of its own) while it sends; its first nonce is the larger of what the node counts
 * as pending and the next one the last turn stored, so a node that has not seen a transaction sent through another
 * RPC endpoint yet cannot make a turn reuse its nonce. In a process, turns queue before they take a connection.
 */
export class Senders {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly database: Database) {}

  /** Runs `fn` alone for `address`, giving it the first nonce to use; `fn` answers how many it used. */
  async serial<T>(
    client: PublicClient,
    address: Address,
    fn: (nonce: number) => Promise<{ value: T; used: number }>,
  ): Promise<T> {
    const key = address.toLowerCase();
    const before = this.queues.get(key) ?? Promise.resolve();
    const turn = before.then(() => this.leased(key, client, address, fn));
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

  /** One turn under the address's lease: outside any tenant scope, as the owner (the table is platform-wide). */
  private leased<T>(
    key: string,
    client: PublicClient,
    address: Address,
    fn: (nonce: number) => Promise<{ value: T; used: number }>,
  ): Promise<T> {
    return this.database.root.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${LEASE_SPACE}, hashtext(${key}))`.execute(trx);
      const stored = await trx
        .selectFrom('yuan_chain_sender')
        .select('next_nonce')
        .where('address', '=', key)
        .executeTakeFirst();
      const pending = await client.getTransactionCount({ address, blockTag: 'pending' });
      const nonce = Math.max(pending, Number(stored?.next_nonce ?? 0));
      const { value, used } = await fn(nonce);
      if (used > 0) {
        await trx
          .insertInto('yuan_chain_sender')
          .values({ address: key, next_nonce: String(nonce + used) })
          .onConflict((oc) => oc.column('address').doUpdateSet({ next_nonce: String(nonce + used) }))
          .execute();
      }
      return value;
    });
  }
}
