import { TtlCache } from '../ttl-cache.ts';

/**
 * What a list costs to repeat, kept per (tenant, table, filter) and dropped when this node writes to that tenant's
 * table: page totals (no count(*) on every call) and page marks (the key at a known position, so a deep page is
 * read from the nearest mark instead of walking every key before it). Writes on other nodes show up within TTL_MS.
 */
const TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;
/** Positions remembered per list and version; beyond it the list starts again with none. */
const MAX_MARKS = 512;

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

export class ListCache {
  private readonly totals = new TtlCache<number>(TTL_MS, MAX_ENTRIES, TTL_MS);
  private readonly marks = new Map<string, { marks: PageMarks; until: number }>();
  /** A write bumps its table scope's version: what was kept under the old one is never read again. */
  private readonly versions = new Map<string, number>();

  private key(scopeKey: string, filterKey: string): string {
    return `${scopeKey}\u0000${this.versions.get(scopeKey) ?? 0}\u0000${filterKey}`;
  }

  total(scopeKey: string, filterKey: string, count: () => Promise<number>): Promise<number> {
    return this.totals.get(this.key(scopeKey, filterKey), count);
  }

  /**
   * The marks of a list at its table's current version. Marks noted after a write were read under the version
   * taken here, before it, and so land where nothing reads them any more.
   */
  pageMarks(scopeKey: string, filterKey: string): PageMarks {
    const key = this.key(scopeKey, filterKey);
    const now = Date.now();
    const hit = this.marks.get(key);
    if (hit && now < hit.until) {
      return hit.marks;
    }
    if (this.marks.size >= MAX_ENTRIES) {
      this.marks.clear();
    }
    const entry = { marks: new PageMarks(), until: now + TTL_MS * (0.8 + Math.random() * 0.4) };
    this.marks.set(key, entry);
    return entry.marks;
  }

  invalidate(scopeKey: string): void {
    this.versions.set(scopeKey, (this.versions.get(scopeKey) ?? 0) + 1);
  }

  clear(): void {
    this.totals.clear();
    this.marks.clear();
  }
}
