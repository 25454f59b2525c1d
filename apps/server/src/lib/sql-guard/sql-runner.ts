import type { SqlResult } from '@yuan/contract';
import { CompiledQuery } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import { APP_ROLE, READER_ROLE } from '../../db/scope.ts';
import { AppError } from '../errors.ts';
import type { GuardedSelect } from './select-guard.ts';

export interface SqlLimits {
  timeoutMs: number;
  rowCap: number;
  costCap: number;
}

// PostgreSQL error codes the caller can act on.
const CANCELED = '57014';
const READ_ONLY = '25006';
/** The least time the planner is given for EXPLAIN, whatever the statement timeout. */
const PLAN_TIMEOUT_MS = 2_000;
const DENIED = '42501';

/**
 * Runs a guarded SELECT in the current unit of work with the tenant set (row-level security), as the reader role
 * (SELECT on the entity tables only, so a statement the guard wrongly passed still reads nothing else), in a READ ONLY
 * transaction with a statement timeout, refused beforehand when the planner's cost is above the cap (so a costly
 * query does not hold a connection and a core until the timeout ends it), and cut at the row cap.
 */
export async function runGuarded(
  db: Kdb,
  query: GuardedSelect,
  /** Bound to `$1…$n`, never written into the text. */
  params: readonly (string | number | boolean | null)[],
  limits: SqlLimits,
): Promise<SqlResult> {
  if (params.length !== query.params) {
    throw new AppError(400, 'sql.params', { need: query.params, have: params.length });
  }
  const raw = (text: string) => db.executeQuery(CompiledQuery.raw(text));
  try {
    // The first statement opens the unit's transaction (see session-driver): read-only from here on.
    await raw('SET TRANSACTION READ ONLY');
    // Planning gets its own bound: a busy machine must not turn a cost refusal into a timeout.
    await raw(`SET LOCAL statement_timeout = ${Math.max(Math.floor(limits.timeoutMs), PLAN_TIMEOUT_MS)}`);
    await raw(`SET LOCAL ROLE ${READER_ROLE}`);
    let answer: SqlResult;
    try {
      answer = await readAsReader(db, query, params, limits);
    } catch (error) {
      if (error instanceof AppError) {
        // Refused before it ran: the transaction is usable, give it back to the app role.
        await raw(`SET LOCAL ROLE ${APP_ROLE}`);
      }
      // A failed statement leaves the transaction aborted: the unit rolls back and the role ends with it.
      throw error;
    }
    await raw(`SET LOCAL ROLE ${APP_ROLE}`);
    return answer;
  } catch (error) {
    throw asAppError(error, limits);
  }
}

async function readAsReader(
  db: Kdb,
  query: GuardedSelect,
  params: readonly (string | number | boolean | null)[],
  limits: SqlLimits,
): Promise<SqlResult> {
  const cap = limits.rowCap;
  const wrapped = `SELECT * FROM (\n${query.sql}\n) AS yuan_q LIMIT ${cap + 1}`;
  const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`EXPLAIN (VERBOSE, FORMAT JSON) ${wrapped}`, [...params]),
  );
  const top = planOf(plan.rows[0]?.['QUERY PLAN']);
  if (top.cost > limits.costCap) {
    throw new AppError(400, 'sql.tooCostly', { cost: Math.round(top.cost), limit: limits.costCap });
  }
  await db.executeQuery(CompiledQuery.raw(`SET LOCAL statement_timeout = ${Math.floor(limits.timeoutMs)}`));
  const started = performance.now();
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(wrapped, [...params]));
  const elapsedMs = Math.round(performance.now() - started);
  const rows = result.rows.slice(0, cap);
  // The rows name their columns; with none, the plan's output list does (qualifiers dropped).
  const columns = rows[0] ? Object.keys(rows[0]) : top.columns;
  return { columns, rows, truncated: result.rows.length > cap, elapsedMs };
}

/** The plan's total cost and the names of the columns it answers (known even when no row comes back). */
function planOf(raw: unknown): { cost: number; columns: string[] } {
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
  const plan = doc[0]?.Plan ?? {};
  const output = (plan.Output as string[] | undefined) ?? [];
  return {
    cost: Number(plan['Total Cost'] ?? 0),
    columns: output.map((c) => c.replace(/^[a-z_][a-z0-9_]*\./, '').replace(/^"(.*)"$/, '$1')),
  };
}

function asAppError(error: unknown, limits: SqlLimits): AppError {
  if (error instanceof AppError) {
    return error;
  }
  const code = (error as { code?: string }).code;
  if (code === CANCELED) {
    return new AppError(400, 'sql.timeout', { seconds: limits.timeoutMs / 1000 });
  }
  if (code === READ_ONLY) {
    return new AppError(400, 'sql.selectOnly');
  }
  if (code === DENIED) {
    // The reader role holds no right to it; PostgreSQL's text would name the internal table or function.
    return new AppError(400, 'sql.denied');
  }
  return new AppError(400, 'sql.failed', { detail: String((error as Error).message ?? error).slice(0, 500) });
}
