import type { FastifyBaseLogger } from 'fastify';
import { type Log, type PublicClient, parseEventLogs } from 'viem';
import type { Database } from '../../db/index.ts';
import type { Chain, Deployment } from '../../lib/chain/chain.ts';
import { contractArtifacts } from '../../lib/chain/contracts.ts';
import type { JobRunner } from '../../lib/jobs/job-runner.ts';
import type { ChainIndexRepo, IndexedBlock, IndexedEvent } from './chain-index.repo.ts';
import type { RequestRepo } from './request.repo.ts';

/** Blocks read per round: a long way behind is caught up over several rounds. */
const BATCH = 2_000n;
/**
 * Follows the token's Transfer and Issued events and the pool's Swap events into the database, `confirmations`
 * blocks behind the head. It resumes from its cursor after a restart; when the last indexed block's hash is no
 * longer the chain's (a reorganisation), it forgets back to the last block both agree on and reads again. Sent
 * payments are settled from their receipts. It waits for the chain's first use rather than starting a node.
 */
export class ChainIndexer {
  constructor(
    private readonly database: Database,
    private readonly chain: Chain,
    private readonly repo: ChainIndexRepo,
    private readonly requests: RequestRepo,
    private readonly confirmations: number,
    private readonly log: () => FastifyBaseLogger | undefined,
    private readonly intervalMs = 1_000,
  ) {}

  /** Reads the chain in rounds on the job runner (one process at a time), once the chain is in use. */
  useJobs(jobs: JobRunner): void {
    jobs.every('chain-index', this.intervalMs, async () => {
      if (this.chain.started) {
        await this.tick();
      }
    });
  }

  /** One round: answers the block indexed up to. */
  async tick(): Promise<bigint> {
    const { client, deployment } = await this.chain.ready();
    const chainId = deployment.chainId;
    const run = <T>(fn: () => Promise<T>) => this.database.run({ allTenants: true }, fn);
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const safe = head - BigInt(this.confirmations);
    let cursor = (await run(() => this.repo.cursor(chainId))) ?? BigInt(deployment.fromBlock) - 1n;
    cursor = await this.agreeWith(client, deployment, cursor);
    const from = cursor + 1n;
    const to = safe < from + BATCH - 1n ? safe : from + BATCH - 1n;
    if (from > to) {
      await this.settle(client, safe);
      return cursor;
    }
    const { YuanToken, YuanPool } = contractArtifacts();
    const logs = await client.getLogs({
      address: [deployment.token, deployment.pool],
      fromBlock: from,
      toBlock: to,
    });
    const events = parseEventLogs({ abi: [...YuanToken.abi, ...YuanPool.abi], logs: logs as Log[] });
    const numbers = new Set<bigint>([to, ...events.map((e) => e.blockNumber as bigint)]);
    const blocks: IndexedBlock[] = [];
    for (const number of numbers) {
      const b = await client.getBlock({ blockNumber: number });
      blocks.push({
        number,
        hash: b.hash as string,
        time: new Date(Number(b.timestamp) * 1000),
        txCount: b.transactions.length,
      });
    }
    const hashOf = new Map(blocks.map((b) => [b.number, b.hash]));
    if (events.some((e) => hashOf.get(e.blockNumber as bigint) !== e.blockHash)) {
      // The chain moved while this round read it: the next round reads it again.
      return cursor;
    }
    const rows = events.flatMap((e) => eventRow(e as unknown as ParsedLog));
    await run(() => this.repo.save(chainId, blocks, rows, to));
    await this.settle(client, to);
    return to;
  }

  /** Walks back from `cursor` to the last indexed block whose hash the chain still has, forgetting what is above. */
  private async agreeWith(client: PublicClient, deployment: Deployment, cursor: bigint): Promise<bigint> {
    const { chainId } = deployment;
    let at = cursor;
    for (;;) {
      const known = await this.database.run({ allTenants: true }, () => this.repo.knownBelow(chainId, at));
      if (!known) {
        if (at === cursor) {
          return cursor;
        }
        // Nothing indexed is on the chain any more (a chain started afresh): read it from the deployment on.
        const start = BigInt(deployment.fromBlock) - 1n;
        await this.database.run({ allTenants: true }, () => this.repo.rewind(chainId, start));
        return start;
      }
      const block = await client.getBlock({ blockNumber: known.number }).catch(() => undefined);
      if (block?.hash === known.hash) {
        if (known.number < cursor) {
          this.log()?.warn({ from: known.number.toString() }, 'chain indexer: reorganised blocks read again');
          await this.database.run({ allTenants: true }, () => this.repo.rewind(chainId, known.number));
          return known.number;
        }
        return cursor;
      }
      at = known.number - 1n;
    }
  }

  /**
   * Sent payments whose receipts are in blocks indexed already (so `confirmations` deep): confirmed or failed. Only
   * those: a payment's history line moves from its request to its indexed event, and settled before its event was
   * saved it had neither for a round (a wallet's swap vanished from its list and its total for a second).
   */
  private async settle(client: PublicClient, indexed: bigint): Promise<void> {
    const hashes = await this.database.run({ allTenants: true }, () => this.requests.unsettled(100));
    for (const hash of hashes) {
      const receipt = await client
        .getTransactionReceipt({ hash: hash as `0x${string}` })
        .catch(() => undefined);
      if (receipt && receipt.blockNumber <= indexed) {
        const status = receipt.status === 'success' ? 'confirmed' : 'failed';
        await this.database.run({ allTenants: true }, () => this.requests.settle(hash, status));
      }
    }
  }
}

interface ParsedLog {
  eventName: string;
  args: Record<string, unknown>;
  blockNumber: bigint;
  transactionHash: string;
  logIndex: number;
}

function eventRow(e: ParsedLog): IndexedEvent[] {
  const at = { blockNumber: e.blockNumber, txHash: e.transactionHash, logIndex: e.logIndex };
  const a = e.args;
  if (e.eventName === 'Transfer') {
    const row = { from: a.from as string, to: a.to as string, amount: a.value as bigint };
    return [{ ...at, kind: 'transfer', ...row, amountOut: null, territory: null }];
  }
  if (e.eventName === 'Issued') {
    return [
      {
        ...at,
        kind: 'issue',
        from: ZERO,
        to: a.to as string,
        amount: a.value as bigint,
        amountOut: null,
        territory: String(a.territory).slice(0, 32),
      },
    ];
  }
  if (e.eventName === 'Swap' && (a.ybiIn as bigint) > 0n) {
    const row = { from: a.sender as string, to: a.to as string, amount: a.ybiIn as bigint };
    return [{ ...at, kind: 'swap', ...row, amountOut: a.ethOut as bigint, territory: null }];
  }
  return [];
}

const ZERO = '0x0000000000000000000000000000000000000000';
