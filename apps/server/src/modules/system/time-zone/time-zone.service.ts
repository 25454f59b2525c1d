import {
  DEFAULT_TIME_ZONE,
  isTimeZone,
  TIME_ZONE_PARAM,
  type TimeZoneDetail,
  timeZoneOffset,
} from '@yuan/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/index.ts';
import type { DB } from '../../../db/schema.ts';
import { inScope } from '../../../db/scope.ts';
import type { CrudService } from '../../../lib/crud/crud.service.ts';
import type { Cache } from '../../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../../lib/cache/cache-registry.ts';
import type { AuthContext } from '../../../types.ts';
import { paramRow } from '../param/param.repo.ts';
import { databaseKnowsZone } from './time-zone.repo.ts';
import { type Maybe, andThen } from '../../../lib/maybe.ts';

// Several server processes may share a database: another one's change is picked up within this time.
const TTL_MS = 60_000;

/**
 * Each tenant's time zone, kept as the tenant parameter `tenant.timeZone`. Every scope of a tenant runs with the
 * database session in that zone, so wall-clock values without an offset (date filters, submitted datetimes) mean
 * the tenant's local time; the web shows times in the same zone.
 */
export class TimeZoneService {
  private readonly cache: Cache<string | null>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly database: Database,
    caches: CacheRegistry,
  ) {
    // Every call of a tenant asks for its zone: while one caller reloads an expired entry the others keep the old
    // one, rather than all of them waiting for a reload queued behind their own reads.
    this.cache = caches.cache({ name: 'system.timeZones', max: 10_000, ttlMs: TTL_MS, staleMs: TTL_MS });
  }

  /** The tenant's live time-zone parameter, if any. */
  private param(tenantId: string) {
    return paramRow(this.db, tenantId, TIME_ZONE_PARAM);
  }

  private async stored(tenantId: string): Promise<string | null> {
    const zone = (await this.param(tenantId))?.param_value.trim() ?? '';
    // A value written around the checks (straight into the table) must not break every request of the tenant.
    return isTimeZone(zone) ? zone : null;
  }

  /** The zone a tenant's scopes run in; a cache miss outside a scope opens a short one of that tenant. */
  zoneOf(tenantId: string): Maybe<string> {
    const zone = this.cache.now(tenantId, () => {
      const load = () => this.stored(tenantId);
      return inScope() ? load() : this.database.run({ tenantId }, load);
    });
    return andThen(zone, (z) => z ?? DEFAULT_TIME_ZONE);
  }

  async detail(ctx: AuthContext): Promise<TimeZoneDetail> {
    const zone = await this.stored(ctx.tenantId);
    const timeZone = zone ?? DEFAULT_TIME_ZONE;
    return {
      timeZone,
      offset: timeZoneOffset(timeZone),
      serverTime: new Date().toISOString(),
      custom: zone !== null,
    };
  }

  /** Saves the zone through the parameter resource, so its uniqueness, audit and rules apply as on the param screen. */
  async save(ctx: AuthContext, params: CrudService, timeZone: string): Promise<TimeZoneDetail> {
    const existing = await this.param(ctx.tenantId);
    await params.submit(ctx, {
      ...(existing ? { id: String(existing.id) } : {}),
      paramName: '时区',
      paramKey: TIME_ZONE_PARAM,
      paramValue: timeZone,
    });
    return this.detail(ctx);
  }

  clear(): void {
    this.cache.clear();
  }

  /** A zone name the runtime and the database both know (a tenant's zone must work in both). */
  async valid(zone: string): Promise<boolean> {
    return isTimeZone(zone) && (await databaseKnowsZone(this.db, zone));
  }
}
