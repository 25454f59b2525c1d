import {
  DEFAULT_TIME_ZONE,
  encodeMessage,
  isTimeZone,
  TIME_ZONE_PARAM,
  type TimeZoneDetail,
  timeZoneOffset,
} from '@yuan/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/index.ts';
import type { DB } from '../../../db/schema.ts';
import { afterCommit, inScope } from '../../../db/scope.ts';
import type { CrudService, ResourceRules } from '../../../lib/crud/crud.service.ts';
import { FieldError } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../types.ts';

// Several server processes may share a database: another one's change is picked up within this time.
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Each tenant's time zone, kept as the tenant parameter `tenant.timeZone`. Every scope of a tenant runs with the
 * database session in that zone, so wall-clock values without an offset (date filters, submitted datetimes) mean
 * the tenant's local time; the web shows times in the same zone.
 */
export class TimeZoneService {
  private readonly cache = new Map<string, { zone: string | null; at: number }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly database: Database,
  ) {}

  /** The tenant's live time-zone parameter, if any. */
  private param(tenantId: string) {
    return this.db
      .selectFrom('yuan_param')
      .select(['id', 'param_value'])
      .where('tenant_id', '=', tenantId)
      .where('param_key', '=', TIME_ZONE_PARAM)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
  }

  private async stored(tenantId: string): Promise<string | null> {
    const zone = (await this.param(tenantId))?.param_value.trim() ?? '';
    // A value written around the checks (straight into the table) must not break every request of the tenant.
    return isTimeZone(zone) ? zone : null;
  }

  /** The zone a tenant's scopes run in; a cache miss outside a scope opens a short one of that tenant. */
  async zoneOf(tenantId: string): Promise<string> {
    const hit = this.cache.get(tenantId);
    if (hit && Date.now() - hit.at < TTL_MS) {
      return hit.zone ?? DEFAULT_TIME_ZONE;
    }
    const load = () => this.stored(tenantId);
    const zone = inScope() ? await load() : await this.database.run({ tenantId }, load);
    if (this.cache.size > MAX_ENTRIES) {
      this.cache.clear();
    }
    this.cache.set(tenantId, { zone, at: Date.now() });
    return zone ?? DEFAULT_TIME_ZONE;
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

  /** The param resource's rules: a time-zone parameter holds a zone the database knows too; changes drop the cache. */
  paramRules(): ResourceRules {
    return {
      prepare: async (_ctx, values) => {
        if (values.paramKey === TIME_ZONE_PARAM) {
          const zone = typeof values.paramValue === 'string' ? values.paramValue.trim() : '';
          if (!(isTimeZone(zone) && (await this.databaseKnows(zone)))) {
            throw new FieldError('paramValue', encodeMessage('timeZone.invalid'));
          }
          return { ...values, paramValue: zone };
        }
        return values;
      },
      changed: () => afterCommit(() => this.clear()),
    };
  }

  private async databaseKnows(zone: string): Promise<boolean> {
    const row = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pg_timezone_names WHERE name = ${zone}`
      .execute(this.db)
      .then((result) => result.rows[0]);
    return (row?.n ?? 0) > 0;
  }
}
