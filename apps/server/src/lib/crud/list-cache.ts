import type { Cache } from '../cache/cache.ts';
import type { CacheRegistry } from '../cache/cache-registry.ts';

/**
 * What a list costs to repeat, kept per (tenant, table, filter) and dropped when this node writes to that tenant's
 * table: page totals (no count(*) on every call) and page marks (the key at a known position, so a deep page is
 * read from the nearest mark instead of walking every key before it). Writes on other nodes show up within TTL_MS.
 */
const TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;
/** Positions remembered per list and version; beyond it the list starts again with none. */
const MAX_MARKS = 512;
/** Versions are unique in the process, so a scope's new version is never one it had before. */
let lastVersion = 0;

/** The key whose totals a write to a table drops: one tenant's rows of it, or '*' for platform tables. */
export const tableScope = (tenantId: string | '*', table: string) => `${tenantId}|${table}`;

/** The id at each known position of one list (newest first) as it stood at one version of its table. */
export class PageMarks {
  private readonly ids = new Map<number, string>();

  /** The known position at or before `offset` nearest to it, with the id found there. */
  nearest(offset: number): { position: number; id: string } | undefined {
    let best: { position: number; id: string } | undefined;
    for (const [position, id] of this.ids) {
      if (position <= offset && (!best || position > best.position)) {
        best = { position, id };
      }
    }
    return best;
  }

  /** Notes the first and last id of the rows read from `offset`. */
  remember(offset: number, rows: { id?: unknown }[]): void {
    const first = rows[0]?.id;
    const last = rows[rows.length - 1]?.id;
    if (first === undefined || last === undefined) {
      return;
    }
    if (this.ids.size >= MAX_MARKS) {
      this.ids.clear();
    }
    this.ids.set(offset, String(first));
    this.ids.set(offset + rows.length - 1, String(last));
  }
}

/**
 * Page totals and page marks of lists, kept in three named caches: totals, marks, and the version of each table
 * scope they are kept under. A write drops the scope's version (`list.versions`), so what was kept under the old
 * one is never read again, here or, once drops travel, on another process that applies the same drop.
 */
export class ListCache {
  private readonly totals: Cache<number>;
  private readonly marks: Cache<PageMarks>;
  private readonly versions: Cache<number>;

  constructor(caches: CacheRegistry) {
    this.totals = caches.cache({ name: 'list.totals', max: MAX_ENTRIES, ttlMs: TTL_MS, staleMs: TTL_MS });
    this.marks = caches.cache({ name: 'list.marks', max: MAX_ENTRIES, ttlMs: TTL_MS });
    this.versions = caches.cache({ name: 'list.versions', max: MAX_ENTRIES });
  }

  private key(scopeKey: string, filterKey: string): string {
    let version = this.versions.get(scopeKey);
    if (version === undefined) {
      // A version never used before: a scope whose version was dropped (or pushed out) cannot meet its old keys.
      version = ++lastVersion;
      this.versions.set(scopeKey, version);
    }
    return `${scopeKey}\u0000${version}\u0000${filterKey}`;
  }

  total(scopeKey: string, filterKey: string, count: () => Promise<number>): Promise<number> {
    return this.totals.load(this.key(scopeKey, filterKey), count);
  }

  /** The list's total when one is at hand (a hint: it may be stale), without counting. */
  knownTotal(scopeKey: string, filterKey: string): number | undefined {
    return this.totals.peek(this.key(scopeKey, filterKey));
  }

  /**
   * The marks of a list at its table's current version. Marks noted after a write were read under the version
   * taken here, before it, and so land where nothing reads them any more.
   */
  pageMarks(scopeKey: string, filterKey: string): PageMarks {
    const key = this.key(scopeKey, filterKey);
    const hit = this.marks.get(key);
    if (hit) {
      return hit;
    }
    const marks = new PageMarks();
    this.marks.set(key, marks);
    return marks;
  }

  invalidate(scopeKey: string): void {
    this.versions.delete(scopeKey);
  }
}
