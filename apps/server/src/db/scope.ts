import { AsyncLocalStorage } from 'node:async_hooks';
import { type Kysely, sql } from 'kysely';
import type { DB } from './schema.ts';

/** Which rows a unit of work may see: one tenant's, or (platform-wide work only) every tenant's. */
export type Scope = { tenantId: string; timeZone?: string } | { allTenants: true };

export const APP_ROLE = 'yuan_app';
/**
 * The role a tenant's own SQL (the SQL editor, reports) runs as: SELECT on the entity tables and nothing else, not
 * even the catalogs (migration 0031). The session user may switch to it; it may not switch back by itself.
 */
export const READER_ROLE = 'yuan_sql_reader';
interface Unit {
  /** The unit's connection; undefined while the unit waits for it. */
  trx: Kysely<DB> | undefined;
  afterCommit: (() => void)[];
  /** The session settings the unit's statements need (see `settingsOf`). */
  settings: string;
  /** Whether a write has opened the unit's transaction. */
  open: boolean;
  /** Whether the request statement timeout applies (see `withoutStatementTimeout`). */
  bounded: boolean;
  /** `armed` inside `finalWrite`; `spent` once that write ran alone, after which the unit may not write again. */
  final: 'no' | 'armed' | 'spent';
}
// One store only: every store is copied to every promise the process makes.
const storage = new AsyncLocalStorage<Unit>();

export class ScopeError extends Error {}

/**
 * Runs `fn` as one unit of work of the unprivileged app role, with the tenant set for row-level security.
 * Everything `fn` does through the scoped handle (see `scopedDb`) uses one connection. Reads run as they come; the
 * first statement that may write opens a transaction that holds every later statement and commits when `fn`
 * returns, so a throw leaves no partial write behind (see `statementWrites` and docs/decisions).
 */
export async function runInScope<T>(root: Kysely<DB>, scope: Scope, fn: () => Promise<T>): Promise<T> {
  if (storage.getStore()) {
    // A nested scope would wait for a second connection while holding one (a full pool then never frees one) and
    // commit apart from its caller: change the tenant instead.
    throw new ScopeError('runInScope called inside a scope');
  }
  const afterCommit: (() => void)[] = [];
  // The unit is current while it waits for its connection too, so the pool can lend one that carries its settings.
  const unit: Unit = {
    trx: undefined,
    afterCommit,
    settings: settingsOf(scope),
    open: false,
    bounded: true,
    final: 'no',
  };
  const result = await storage.run(unit, () =>
    root.connection().execute(async (conn) => {
      unit.trx = conn;
      try {
        const value = await fn();
        if (unit.open) {
          await sql.raw('COMMIT').execute(conn);
        }
        return value;
      } catch (error) {
        if (unit.open) {
          await sql.raw('ROLLBACK').execute(conn);
        }
        throw error;
      }
    }),
  );
  for (const callback of afterCommit) {
    callback();
  }
  return result;
}

const TENANT_ID = /^[0-9A-Za-z]{0,12}$/;
// IANA zone names: letters, digits and _ + - /.
const TIME_ZONE = /^[A-Za-z0-9_+\-/]{0,64}$/;

/** The statements that give a connection the scope's session settings (literals checked here, not user text). */
function settingsOf(scope: Scope): string {
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
  const timeZone = zone === '' ? 'RESET TimeZone' : `SET TimeZone = '${zone}'`;
  return `SET ROLE ${APP_ROLE}; SET app.tenant_id = '${tenant}'; SET app.all_tenants = '${all}'; ${timeZone}`;
}

/**
 * The statement timeout of request work is the pool's session default (decision 0035): a unit returns to it, the
 * owner's work and long work go without.
 */
const BOUNDED = 'RESET statement_timeout';
const UNBOUNDED = 'SET statement_timeout = 0';

/** Outside a scope a connection is the owner's, with no tenant: migrations and the tests' own setup. */
export const OWNER_SETTINGS = `RESET ROLE; RESET app.tenant_id; RESET app.all_tenants; RESET TimeZone; ${UNBOUNDED}`;

const settingsOfUnit = (unit: Unit) => `${unit.settings}; ${unit.bounded ? BOUNDED : UNBOUNDED}`;

/**
 * What the statement about to run needs: the current unit's settings, whether it must open the transaction, and
 * whether the statement timeout bounds it.
 */
export function unitOfStatement(): { settings: string; unit: Unit | undefined; bounded: boolean } {
  const unit = storage.getStore();
  return unit
    ? { settings: settingsOfUnit(unit), unit, bounded: unit.bounded }
    : { settings: OWNER_SETTINGS, unit, bounded: false };
}

/** The settings a connection acquired now will need first: the opening scope's, or the owner's outside a scope. */
export function settingsWanted(): string {
  const unit = storage.getStore();
  return unit ? settingsOfUnit(unit) : OWNER_SETTINGS;
}

/**
 * Runs `fn` in the current unit without the request statement timeout: for work whose single statements may
 * rightly run longer (DDL that rewrites a table, bulk deletes of old rows). The next statement after it has the
 * timeout again.
 */
export async function withoutStatementTimeout<T>(fn: () => Promise<T>): Promise<T> {
  const unit = storage.getStore();
  if (!unit) {
    throw new ScopeError('withoutStatementTimeout called outside a scope');
  }
  const bounded = unit.bounded;
  unit.bounded = false;
  try {
    return await fn();
  } finally {
    unit.bounded = bounded;
  }
}

/**
 * Runs `fn`, whose one write is the unit's last. When no earlier write has opened the unit's transaction, that write
 * runs alone in its own implicit transaction (with the settings sent ahead of it): no BEGIN before it and no COMMIT
 * round trip after it, and it is as atomic as one statement is. A write after it in the same unit is refused before it
 * is sent, since nothing could take the first one back.
 */
export async function finalWrite<T>(fn: () => Promise<T>): Promise<T> {
  const unit = storage.getStore();
  if (!unit) {
    throw new ScopeError('finalWrite called outside a scope');
  }
  if (unit.open || unit.final !== 'no') {
    return fn();
  }
  unit.final = 'armed';
  try {
    return await fn();
  } finally {
    if (unit.final === 'armed') {
      unit.final = 'no';
    }
  }
}

/** Runs `callback` once the current scope has committed (nothing happens if it rolls back). */
export function afterCommit(callback: () => void): void {
  const unit = storage.getStore();
  if (!unit) {
    throw new ScopeError('afterCommit called outside a scope');
  }
  unit.afterCommit.push(callback);
}

/** Runs `callback` once the current unit has committed (never after a rollback); outside a unit, now. */
export function whenCommitted(callback: () => void): void {
  const unit = storage.getStore();
  if (unit) {
    unit.afterCommit.push(callback);
  } else {
    callback();
  }
}

/** Switches the current scope's tenant (e.g. a sign-in learns its tenant from the request); the next statement uses it. */
export async function switchScope(scope: Scope): Promise<void> {
  const unit = storage.getStore();
  if (!unit) {
    throw new ScopeError('switchScope called outside a scope');
  }
  unit.settings = settingsOf(scope);
}

/**
 * Runs `fn` inside the current unit as the table owner, with the unit's tenant still set: the DDL service's way to
 * create and alter a tenant's entity tables (the app role owns nothing). The unit's transaction is opened first, so
 * the DDL commits or rolls back with the rest of the unit; the app role is back for the next statement.
 */
export async function asTableOwner<T>(fn: () => Promise<T>): Promise<T> {
  const unit = storage.getStore();
  if (!unit) {
    throw new ScopeError('asTableOwner called outside a scope');
  }
  const appSettings = unit.settings;
  const tenant = /SET app\.tenant_id = '([0-9A-Za-z]*)'/.exec(appSettings)?.[1] ?? '';
  if (!unit.open) {
    if (!unit.trx) {
      throw new ScopeError('asTableOwner called before the scope has its connection');
    }
    await sql.raw("SELECT set_config('app.ddl', 'on', true)").execute(unit.trx);
  }
  unit.settings = `RESET ROLE; SET app.tenant_id = '${tenant}'; SET app.all_tenants = 'off'; RESET TimeZone`;
  try {
    // A type change rewrites the table, and the lock waits for the readers of it: neither is cut short.
    return await withoutStatementTimeout(fn);
  } finally {
    unit.settings = appSettings;
  }
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
