import {
  DASHBOARD_MAX_TABLES,
  type DashboardFigures,
  type DashboardQuery,
  daysBetween,
} from '@yuan/contract';
import { formatEther } from 'viem';
import type { Cache } from '../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../lib/cache/cache-registry.ts';
import type { AuthContext } from '../../types.ts';
import type { DashboardRepo, DayCounts } from './dashboard.repo.ts';

/**
 * How long an answer is kept per tenant and range. Short: a user made a moment ago shows after a refresh, while a
 * dashboard left open by many people (or refreshed repeatedly) costs the database one count per few seconds.
 * The cache spreads expiry by ±20 %, so an answer is at most 4.8 s old.
 */
export const DASHBOARD_TTL_MS = 4_000;

/** One value per day of `days`: the counted days in their place, every other day 0. */
function aligned(days: string[], counts: DayCounts): number[] {
  const byDay = new Map(counts.map((c) => [c.day, c.n]));
  return days.map((day) => byDay.get(day) ?? 0);
}

/** The figures of the dashboard (/wel/dashboard): live counts of the caller's tenant, per day of its time zone. */
export class DashboardService {
  private readonly cache: Cache<DashboardFigures>;

  constructor(
    private readonly repo: DashboardRepo,
    caches: CacheRegistry,
  ) {
    this.cache = caches.cache({ name: 'dashboard.figures', max: 2_000, ttlMs: DASHBOARD_TTL_MS });
  }

  figures(ctx: AuthContext, range: DashboardQuery): Promise<DashboardFigures> {
    return this.cache.load(`${ctx.tenantId}|${range.from}|${range.to}`, () =>
      this.count(ctx.tenantId, range),
    );
  }

  private async count(tenantId: string, range: DashboardQuery): Promise<DashboardFigures> {
    const repo = this.repo;
    const days = daysBetween(range.from, range.to);
    // One scope holds one connection: the statements queue on it, none waits for another's answer to start.
    const [users, created, signIns, calls, errors, storage, notices, entities, running, wallets, transfers] =
      await Promise.all([
        repo.users(tenantId),
        repo.usersCreated(tenantId, range),
        repo.signIns(tenantId, range),
        repo.apiCalls(tenantId, range),
        repo.errors(tenantId, range),
        repo.storage(tenantId),
        repo.notices(tenantId),
        repo.entities(tenantId, DASHBOARD_MAX_TABLES),
        repo.runningFlows(tenantId),
        repo.wallets(tenantId),
        repo.transfers(tenantId, range),
      ]);
    const rows = await repo.entityRows(
      tenantId,
      entities.tables.map((e) => e.id),
    );
    const tables = entities.tables
      .map((e) => ({ ...e, rows: rows.get(e.id) ?? 0 }))
      .sort((a, b) => b.rows - a.rows || a.entNo.localeCompare(b.entNo));
    const moved = new Map(transfers.map((t) => [t.day, t]));
    return {
      from: range.from,
      to: range.to,
      days,
      users: { total: users, created: aligned(days, created) },
      signIns: aligned(days, signIns),
      api: { calls: aligned(days, calls), errors: aligned(days, errors) },
      storage,
      notices: { total: notices },
      entities: {
        total: entities.total,
        synced: entities.synced,
        tables,
        rows: tables.reduce((sum, t) => sum + t.rows, 0),
      },
      flows: { running },
      wallet: {
        wallets,
        transfers: aligned(
          days,
          transfers.map((t) => ({ day: t.day, n: t.n })),
        ),
        volume: days.map((day) => formatEther(BigInt(moved.get(day)?.amount ?? '0'))),
      },
      countedAt: new Date().toISOString(),
    };
  }
}
