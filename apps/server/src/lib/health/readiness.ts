import type { Database } from '../../db/index.ts';
import { migrationFiles, pendingMigrations } from '../../db/index.ts';
import { within } from '../../db/pg-session.ts';

/** How long each check may take: a readiness call answers within about this, whatever hangs. */
export const CHECK_MS = 1_500;

export interface Check {
  ok: boolean;
  /** Why not, when not: a short sentence for the operator. */
  detail?: string;
}

export interface ReadinessState {
  ready: boolean;
  checks: Record<string, Check>;
}

export interface ReadinessOptions {
  database: Database;
  /** CHAIN_RPC_URL: checked when set (an embedded chain starts with the wallet area, on demand). */
  chainRpcUrl?: string | undefined;
  checkMs?: number;
}

/** Runs a check; gives up after `ms` (the work goes on): a stalled database or node must not hold the probe. */
async function check(what: string, ms: number, run: () => Promise<string | undefined>): Promise<Check> {
  const work = run().then(
    (problem): Check => (problem ? { ok: false, detail: problem } : { ok: true }),
    (error: unknown): Check => ({
      ok: false,
      detail: error instanceof Error ? error.message : String(error),
    }),
  );
  if (!(await within(work, ms))) {
    return { ok: false, detail: `${what} did not answer within ${ms} ms` };
  }
  return work;
}

/**
 * Whether this process can serve calls: its database answers and has every migration this code has applied, and
 * the chain node answers when one is configured. Each check runs afresh per call (no cached verdict), so a probe
 * sees the database go within one check's time and come back at the next call.
 */
export class Readiness {
  private readonly files = migrationFiles();
  private readonly checkMs: number;

  constructor(private readonly options: ReadinessOptions) {
    this.checkMs = options.checkMs ?? CHECK_MS;
  }

  async state(): Promise<ReadinessState> {
    const checks: Record<string, Check> = {};
    const [database, chain] = await Promise.all([
      check('the database', this.checkMs, () => this.migrations()),
      this.options.chainRpcUrl
        ? check('the chain node', this.checkMs, () => this.chain(this.options.chainRpcUrl ?? ''))
        : undefined,
    ]);
    checks.database = database;
    if (chain) {
      checks.chain = chain;
    }
    return { ready: Object.values(checks).every((c) => c.ok), checks };
  }

  private async migrations(): Promise<string | undefined> {
    const pending = await pendingMigrations(this.options.database, this.files);
    return pending.length > 0 ? `${pending.length} migrations not applied, from ${pending[0]}` : undefined;
  }

  private async chain(url: string): Promise<string | undefined> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      signal: AbortSignal.timeout(this.checkMs),
    });
    const body = (await res.json().catch(() => null)) as { result?: unknown } | null;
    return res.ok && typeof body?.result === 'string' ? undefined : `the chain node answered ${res.status}`;
  }
}
