import { AsyncLocalStorage } from 'node:async_hooks';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** Which rows a unit of work may see: one tenant's, or (platform-wide work only) every tenant's. */
export type Scope = { tenantId: string } | { allTenants: true };

export const APP_ROLE = 'yuan_app';
interface Unit {
  trx: Transaction<DB>;
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
  const result = await root.transaction().execute(async (trx) => {
    await applyScope(trx, scope);
    return storage.run({ trx, afterCommit }, fn);
  });
  for (const callback of afterCommit) {
    callback();
  }
  return result;
}

/** Runs `callback` once the current scope has committed (nothing happens if it rolls back). */
export function afterCommit(callback: () => void): void {
  const unit = storage.getStore();
  if (!unit) {
    throw new ScopeError('afterCommit called outside a scope');
  }
  unit.afterCommit.push(callback);
}

async function applyScope(trx: Transaction<DB>, scope: Scope): Promise<void> {
  const tenant = 'tenantId' in scope ? scope.tenantId : '';
  const all = 'allTenants' in scope ? 'on' : 'off';
  await sql`SELECT set_config('app.tenant_id', ${tenant}, true), set_config('app.all_tenants', ${all}, true),
    set_config('role', ${APP_ROLE}, true)`.execute(trx);
}

/** Switches the current scope's tenant (e.g. a sign-in learns its tenant from the request). */
export async function switchScope(scope: Scope): Promise<void> {
  const unit = storage.getStore();
  if (!unit) {
    throw new ScopeError('switchScope called outside a scope');
  }
  await applyScope(unit.trx, scope);
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
        return () => ({ execute: <T>(fn: (t: Transaction<DB>) => Promise<T>) => fn(trx) });
      }
      const value = Reflect.get(trx, prop, trx);
      return typeof value === 'function' ? value.bind(trx) : value;
    },
  });
}
