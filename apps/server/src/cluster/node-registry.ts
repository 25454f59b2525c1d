import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Database, Kdb } from '../db/index.ts';

/** How often a running node says it is still there, and after how long without that it counts as gone. */
export const HEARTBEAT_MS = 5_000;
export const GONE_AFTER_MS = 15_000;
// The advisory lock one joining node holds while it checks the others and writes its row.
const JOIN_LOCK = 0x79_6e_6f_64;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface NodeFacts {
  host: string;
  pid: number;
  port: number;
  /** Runs its own PostgreSQL in DATA_DIR (no DATABASE_URL). */
  embeddedDatabase: boolean;
  /** Would start its own chain node (no CHAIN_RPC_URL). */
  embeddedChain: boolean;
}

/** A start refused because of the other nodes on the database: the message says what to set. */
export class ClusterError extends Error {}

const nameOf = (node: NodeFacts) => `${node.host}:${node.port} (pid ${node.pid})`;

/**
 * Why `self` may not run beside `others` (the nodes live on the same database), or undefined when it may. Embedded
 * parts serve one process: several nodes need one PostgreSQL (DATABASE_URL) and one chain node (CHAIN_RPC_URL).
 */
export function conflictOf(self: NodeFacts, others: NodeFacts[]): string | undefined {
  if (others.length === 0) {
    return undefined;
  }
  const names = others.map(nameOf).join(', ');
  const keeper = others.find((node) => node.embeddedDatabase);
  if (keeper) {
    return `${nameOf(keeper)} runs this PostgreSQL embedded in its DATA_DIR, which serves that process alone: give every node a PostgreSQL of its own with DATABASE_URL (docs/deploy.md).`;
  }
  if (self.embeddedDatabase) {
    return `Other server processes run on this database (${names}): an embedded PostgreSQL serves one process; give every node DATABASE_URL (docs/deploy.md).`;
  }
  const chainKeeper = others.find((node) => node.embeddedChain);
  if (chainKeeper) {
    return `${nameOf(chainKeeper)} runs its own embedded chain: with several nodes set CHAIN_RPC_URL on every node, that one too, so all pay on one chain (docs/deploy.md).`;
  }
  if (self.embeddedChain) {
    return `Other server processes run on this database (${names}): set CHAIN_RPC_URL so every node pays on one chain instead of starting its own (docs/deploy.md).`;
  }
  return undefined;
}

/**
 * This process's row among the nodes on the database: written at start after checking the others, refreshed every
 * HEARTBEAT_MS, removed at stop. A node that died without removing it stops counting after GONE_AFTER_MS.
 */
export class NodeRegistry {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly self: NodeFacts,
  ) {}

  /**
   * The other nodes seen lately. A row of this machine whose process is gone (killed, then restarted within
   * GONE_AFTER_MS) is not one.
   */
  async others(db: Kdb = this.database.root): Promise<NodeFacts[]> {
    const rows = await db
      .selectFrom('yuan_node')
      .select(['host', 'pid', 'port', 'embedded_database', 'embedded_chain'])
      .where('id', '!=', this.id)
      .where('seen_at', '>', sql<Date>`now() - make_interval(secs => ${GONE_AFTER_MS / 1000})`)
      .orderBy('started_at')
      .execute();
    const here = hostname();
    return rows
      .filter((r) => r.host !== here || processAlive(r.pid))
      .map((r) => ({
        host: r.host,
        pid: r.pid,
        port: r.port,
        embeddedDatabase: r.embedded_database,
        embeddedChain: r.embedded_chain,
      }));
  }

  /**
   * Refuses (ClusterError) when this node may not run beside the others; else joins them. One node joins at a time,
   * so two starting together cannot both miss each other.
   */
  async join(): Promise<void> {
    await this.database.root.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${JOIN_LOCK})`.execute(trx);
      const conflict = conflictOf(this.self, await this.others(trx));
      if (conflict) {
        throw new ClusterError(conflict);
      }
      await trx
        .insertInto('yuan_node')
        .values({
          id: this.id,
          host: this.self.host,
          pid: this.self.pid,
          port: this.self.port,
          embedded_database: this.self.embeddedDatabase,
          embedded_chain: this.self.embeddedChain,
        })
        .execute();
    });
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    try {
      await this.database.root
        .updateTable('yuan_node')
        .set({ seen_at: sql<Date>`now()` })
        .where('id', '=', this.id)
        .execute();
    } catch {
      // The database is away for a moment: the next beat tries again (readiness reports the database meanwhile).
    }
  }

  async leave(): Promise<void> {
    clearInterval(this.timer);
    await this.database.root.deleteFrom('yuan_node').where('id', '=', this.id).execute();
  }
}

/** What this process is, for the registry. */
export function nodeFacts(options: { port: number; databaseUrl?: string; chainRpcUrl?: string }): NodeFacts {
  return {
    host: hostname(),
    pid: process.pid,
    port: options.port,
    embeddedDatabase: !options.databaseUrl,
    embeddedChain: !options.chainRpcUrl,
  };
}
