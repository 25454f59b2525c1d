import { AsyncLocalStorage } from 'node:async_hooks';
import { type Kysely, sql } from 'kysely';
import type { DB } from './schema.ts';

/** Which rows a unit of work may see: one tenant's, or (platform-wide work only) every tenant's. */
export type Scope = { tenantId: string; timeZone?: string } | { allTenants: true };

export const APP_ROLE = 'yuan_app';
interface Unit {
  trx: Kysely<DB>;
  afterCommit: (() => void)[];
}
const storage = new AsyncLocalStorage<Unit>();

export class ScopeError extends Error {}

/**
 * Runs `fn` in one transaction as the unprivileged app role, with the tenant set for row-level security.
 * Everything `fn` does through the scoped handle (see `scopedDb`) uses this transaction; a throw rolls it all back.
 */
export async function runInScope<T>(root: Kysely<DB>, scope: Scope, fn: () => Promise<T>): Promise<T> {
  if (storage.getStore()) {
    // A nested scope would need a second connection, which PGlite does not have: change the tenant instead.
    throw new ScopeError('runInScope called inside a scope');
  }
  const afterCommit: (() => void)[] = [];
  // BEGIN and the scope settings go in one round trip; the settings are literals checked above, not user text.
  const result = await root.connection().execute(async (conn) => {
    await sql.raw(`BEGIN; ${scopeStatement(scope)}`).execute(conn);
    try {
      const value = await storage.run({ trx: conn, afterCommit }, fn);
      await sql.raw('COMMIT').execute(conn);
      return value;
    } catch (error) {
      await sql.raw('ROLLBACK').execute(conn);
      throw error;
    }
  });
  for (const callback of afterCommit) {
    callback();
  }
  return result;
}

const TENANT_ID = /^[0-9A-Za-z]{0,12}$/;
// IANA zone names: letters, digits and _ + - /.
const TIME_ZONE = /^[A-Za-z0-9_+\-/]{0,64}$/;

function scopeStatement(scope: Scope): string {
  const tenant = 'tenantId' in scope ? scope.tenantId : '';
  if (!TENANT_ID.test(tenant)) {
    throw new ScopeError('invalid tenant id');
  }
  const all = 'allTenants' in scope ? 'on' : 'off';
  const zone = 'timeZone' in scope && scope.timeZone !== undefined ? scope.timeZone : '';
  if (!TIME_ZONE.test(zone)) {
    throw new ScopeError('invalid time zone');
  }
  // The zone makes wall-clock values without an offset mean the tenant's local time (see TimeZoneService).
  const timeZone = zone === '' ? '' : `, set_config('TimeZone', '${zone}', true)`;
  return `SELECT set_config('app.tenant_id', '${tenant}', true), set_config('app.all_tenants', '${all}', true), set_config('role', '${APP_ROLE}', true)${timeZone}`;
}

/** Runs `callback` once the current scope has committed (nothing happens if it rolls back). */
export function afterCommit(callback: () => void): void {
  const unit = storage.getStore();
  if (!unit) {
    throw new ScopeError('afterCommit called outside a scope');
  }
  unit.afterCommit.push(callback);
}

/** Switches the current scope's tenant (e.g. a sign-in learns its tenant from the request). */
export async function switchScope(scope: Scope): Promise<void> {
  const unit = storage.getStore();
  if (!unit) {
    throw new ScopeError('switchScope called outside a scope');
  }
  await sql.raw(scopeStatement(scope)).execute(unit.trx);
}

export const inScope = () => storage.getStore() !== undefined;

/**
 * A Kysely handle that always means "the current scope's transaction". Repos hold this handle; using it outside a
 * scope is a programming error, so no query can run as the table owner by accident.
 */
export function scopedDb(root: Kysely<DB>): Kysely<DB> {
  return new Proxy(root, {
    get(_target, prop) {
      const trx = storage.getStore()?.trx;
      if (!trx) {
        throw new ScopeError(`database used outside a tenant scope (${String(prop)})`);
      }
      if (prop === 'transaction') {
        // Already in a transaction: a nested "transaction" joins it.
        return () => ({ execute: <T>(fn: (t: Kysely<DB>) => Promise<T>) => fn(trx) });
      }
      const value = Reflect.get(trx, prop, trx);
      return typeof value === 'function' ? value.bind(trx) : value;
    },
  });
}
