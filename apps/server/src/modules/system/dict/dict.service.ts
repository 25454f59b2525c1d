import type { Page, PageQuery, Resource } from '@yuan/contract';
import { sql } from 'kysely';
import { tableOf } from '../../../db/dynamic.ts';
import type { Kdb } from '../../../db/index.ts';
import { afterCommit } from '../../../db/scope.ts';
import type { Cache } from '../../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../../lib/cache/cache-registry.ts';
import { containing } from '../../../lib/like.ts';
import type { AuthContext } from '../../../types.ts';

type Row = Record<string, unknown>;

const COLUMNS = {
  id: 'id',
  parentId: 'parent_id',
  code: 'code',
  dictKey: 'dict_key',
  dictValue: 'dict_value',
  sort: 'sort',
  remark: 'remark',
  isSealed: 'is_sealed',
} as const;

/**
 * Dictionary reads beyond plain CRUD: the items of a code (cached per tenant and code, dropped on any change),
 * root entries and the children of an entry.
 */
export class DictService {
  private readonly table: 'yuan_dict' | 'yuan_dict_biz';
  private readonly items: Cache<Row[]>;

  constructor(
    private readonly db: Kdb,
    private readonly res: Resource,
    caches: CacheRegistry,
  ) {
    this.table = tableOf(res, ['yuan_dict', 'yuan_dict_biz'] as const);
    // One service per dictionary table (system, business), each with its own cache.
    this.items = caches.cache({ name: `system.${res.name}Items`, max: 10_000 });
  }

  private live(ctx: AuthContext) {
    const q = this.db.selectFrom(this.table).where('is_deleted', '=', 0);
    return (this.res.tenantScoped ? q.where('tenant_id', '=', ctx.tenantId) : q).select(
      Object.entries(COLUMNS).map(([field, column]) => sql.ref(column).as(field)),
    );
  }

  /** The entries under the root whose code is `code`, in sort order. */
  async dictionary(ctx: AuthContext, code: string): Promise<Row[]> {
    const key = `${this.res.tenantScoped ? ctx.tenantId : '*'}|${code}`;
    const hit = this.items.get(key);
    if (hit !== undefined) {
      return hit;
    }
    const rows = await this.live(ctx)
      .where('code', '=', code)
      .where('parent_id', '!=', '0')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    this.items.set(key, rows);
    return rows;
  }

  async page(
    ctx: AuthContext,
    q: PageQuery & { parentId?: string; code?: string; dictValue?: string },
    mode: 'roots' | 'children' | 'rootsOr',
  ): Promise<Page<Row>> {
    let query = this.live(ctx);
    if (mode === 'children') {
      query = query.where('parent_id', '=', q.parentId ?? '0');
    } else {
      query = query.where('parent_id', '=', '0');
    }
    if (mode === 'rootsOr' && (q.code || q.dictValue)) {
      const text = containing(q.code ?? q.dictValue ?? '');
      query = query.where(sql<boolean>`(code ILIKE ${text} OR dict_value ILIKE ${text})`);
    } else {
      if (q.code) {
        query = query.where(sql<boolean>`code ILIKE ${containing(q.code)}`);
      }
      if (q.dictValue) {
        query = query.where(sql<boolean>`dict_value ILIKE ${containing(q.dictValue)}`);
      }
    }
    const records = await query
      .orderBy('sort')
      .orderBy('id')
      .limit(q.size)
      .offset((q.current - 1) * q.size)
      .execute();
    const counted = await this.db
      .selectFrom(query.as('x'))
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const total = Number(counted.n);
    return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
  }

  /** Called by every write to the dictionary: drops the cached items after the write commits. */
  changed(): void {
    this.items.clear();
    afterCommit(() => this.items.clear());
  }

  clear(): void {
    this.items.clear();
  }
}
