import { encodeMessage, entityResource, type Page, type PageQuery, type Resource } from '@yuan/contract';
import type { Kdb } from '../../../db/index.ts';
import { asTableOwner } from '../../../db/scope.ts';
import type { Cache } from '../../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../../lib/cache/cache-registry.ts';
import type { ListCache } from '../../../lib/crud/list-cache.ts';
import { CrudRepo, type Row } from '../../../lib/crud/crud.repo.ts';
import { CrudService, type RowScopes } from '../../../lib/crud/crud.service.ts';
import { refuseWithChildren } from '../../../lib/crud/tree.ts';
import type { Restorer } from '../../../lib/crud/restorers.ts';
import { parseOrRefuse, pick } from '../../../lib/crud/parse-or-refuse.ts';
import { badRequest, FieldError } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../types.ts';
import type { EntityRepo } from './entity.repo.ts';
import { type LinkProblem, type LinkSources, linkProblems } from './entity-links.ts';
import type { EntityVersions } from './entity-versions.ts';

interface Resolved {
  res: Resource;
  repo: CrudRepo;
  crud: CrudService;
  /** The field a tree entity's rows name their parent by ('' when the entity is not a tree). */
  treeField: string;
}

/** Resolved definitions kept; a tenant defines few entities, but the cache must not grow without bound. */
const CACHE_MAX = 500;

/** The cache of one entity data service's resolved definitions, under a name of its own. */
export function entityDefinitions(caches: CacheRegistry, name: string): Cache<Resolved> {
  return caches.cache({ name, max: CACHE_MAX });
}

/**
 * A tenant's entity data through the generic CRUD: the entity's synced definition becomes a resource (the same
 * validation, SQL, data scopes and cached totals as a system table). Definitions are cached per
 * (tenant, entity, synced version), and the synced version is known without a query (`EntityVersions`, dropped in
 * every process when a table changes), so a call runs only its own statements.
 */
export class EntityDataService {
  constructor(
    private readonly db: Kdb,
    private readonly repo: EntityRepo,
    private readonly counts: ListCache,
    /** Made by `entityDefinitions`. */
    private readonly cache: Cache<Resolved>,
    /** The lowcode module's one record of synced versions, which every entity data service shares. */
    private readonly versions: EntityVersions,
    private readonly scopes?: RowScopes,
    private readonly dicts?: { dictionary(ctx: AuthContext, code: string): Promise<Row[]> },
    /** What a product built on entities checks beyond the definition (e.g. a payee's address), on save and import. */
    private readonly rowRules?: (res: Resource, rows: Row[]) => Map<number, LinkProblem[]>,
  ) {}

  /** Where dictionary and reference values are looked up. */
  private readonly links: LinkSources = {
    dictKeys: async (ctx, code) =>
      new Set(((await this.dicts?.dictionary(ctx, code)) ?? []).map((item) => String(item.dictKey))),
    repoOf: async (ctx, entId) => (await this.resolve(ctx, entId)).repo,
  };

  /** The rows' dictionary values that are no key and references to no live row, by row index. */
  async linkProblems(ctx: AuthContext, res: Resource, rows: Row[]): Promise<Map<number, LinkProblem[]>> {
    const found = await linkProblems(ctx, res, rows, this.links);
    for (const [index, problems] of this.rowRules?.(res, rows) ?? []) {
      found.set(index, [...problems, ...(found.get(index) ?? [])]);
    }
    return found;
  }

  async resolve(ctx: AuthContext, entId: string): Promise<Resolved> {
    const version = await this.versions.of(ctx, entId);
    // Callers that miss together share one build (many calls arrive at once after a sync).
    return this.cache.load(`${ctx.tenantId}:${entId}:${version}`, () => this.build(entId, version));
  }

  private async build(entId: string, version: number): Promise<Resolved> {
    const row = await this.repo.find(entId);
    if (!row?.synced) {
      throw badRequest('entity.notSynced');
    }
    const res = entityResource({ ...row, elements: row.synced, version });
    // Statements named after the entity and the synced version: a sync brings new names, never a stale plan.
    const repo = new CrudRepo(this.db, res, null, `crud_${res.name}_v${version}`);
    return {
      res,
      repo,
      crud: new CrudService(
        res,
        repo,
        this.counts,
        // A hierarchy keeps no row without its parent: the children go first, as in the system trees.
        row.treeField
          ? { beforeRemove: (ctx, ids) => refuseWithChildren(repo, ctx.tenantId, ids, row.treeField) }
          : {},
        this.scopes,
      ),
      treeField: row.treeField,
    };
  }

  /** An entity's table changed: forget its synced version, everywhere, and its resolved definitions here. */
  forget(entId: string): void {
    this.versions.forget(entId);
    for (const key of this.cache.keys()) {
      if (key.split(':')[1] === entId) {
        this.cache.delete(key);
      }
    }
  }

  /** How an entity's rows (`ent_<entity id>`, as revisions name them) are put back: through `save`, every check of it. */
  restorerOf(code: string): Restorer | undefined {
    const entId = /^ent_([0-9]{1,19})$/.exec(code)?.[1];
    if (!entId) {
      return undefined;
    }
    return {
      editCodes: ['entityData_edit', 'entity_edit'],
      resource: async (ctx) => (await this.resolve(ctx, entId)).res,
      detail: (ctx, id) => this.detail(ctx, entId, id),
      save: (ctx, body, only) => this.save(ctx, entId, body, only),
    };
  }

  /** What to render: the fields (the shared JSON definition), with the list, search and form field names. */
  async config(ctx: AuthContext, entId: string) {
    const { res, treeField } = await this.resolve(ctx, entId);
    const names = Object.keys(res.fields);
    return {
      entId,
      title: res.title,
      fields: res.fields,
      treeField,
      columns: names.filter((n) => res.fields[n]?.list !== false),
      search: names.filter((n) => res.fields[n]?.search !== undefined),
      form: names,
    };
  }

  async list(ctx: AuthContext, entId: string, query: Record<string, unknown>): Promise<Page<Row>> {
    const { res, crud } = await this.resolve(ctx, entId);
    return crud.list(ctx, parseOrRefuse(res.search, query) as Record<string, unknown> & PageQuery);
  }

  /** Refuses filters the entity's list would refuse (unknown fields, values of the wrong kind). */
  checkSearch(res: Resource, query: Record<string, unknown>): void {
    parseOrRefuse(res.search, query);
  }

  /** The rows a list with these filters shows, all of them, in batches. */
  async *scan(ctx: AuthContext, entId: string, query: Record<string, unknown>): AsyncGenerator<Row[]> {
    const { res, crud } = await this.resolve(ctx, entId);
    yield* crud.scan(ctx, parseOrRefuse(res.search, query) as Record<string, unknown>);
  }

  async detail(ctx: AuthContext, entId: string, id: string): Promise<Row> {
    return (await this.resolve(ctx, entId)).crud.detail(ctx, id);
  }

  /** Saves a row; with `only`, the whole row is checked by the form and only those fields (and the id) written. */
  async save(
    ctx: AuthContext,
    entId: string,
    data: Record<string, unknown>,
    only?: readonly string[],
  ): Promise<{ id: string }> {
    const { res, crud } = await this.resolve(ctx, entId);
    const parsed = parseOrRefuse(res.form, data) as Row;
    const row = only ? pick(parsed, only) : parsed;
    const problem = (await this.linkProblems(ctx, res, [row])).get(0)?.[0];
    if (problem) {
      throw new FieldError(problem.field, problem.message);
    }
    const saved = await crud.submit(ctx, row, 'id');
    return { id: String(saved.id) };
  }

  /**
   * Before a bulk write in the caller's unit: new rows gather in the trigram indexes' pending lists up to 64 MB
   * (instead of 4) before they are merged, so the merge runs a few times in bulk rather than every few thousand rows.
   * `settleBulk` merges what is left before the unit commits.
   */
  async beginBulk(): Promise<void> {
    // A merge sorts what it gathers in work memory: with the default 8 MB it merged the list in eight passes.
    await this.repo.execute(
      `SELECT set_config('gin_pending_list_limit', '64MB', true), set_config('work_mem', '64MB', true)`,
    );
  }

  /**
   * After a bulk write, as the table owner in the caller's unit (it sees the unit's own rows): the trigram indexes'
   * pending lists merged (a search would read them in full), and the planner's statistics refreshed. A table filled
   * in one go still has the statistics of its empty self, and the planner then takes any of its indexes for a read
   * by key: an export after an import of 100,000 rows walked every row of the tenant for each batch.
   */
  async settleBulk(res: Resource): Promise<void> {
    await asTableOwner(async () => {
      await this.repo.execute(
        `SELECT gin_clean_pending_list(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         JOIN pg_am a ON a.oid = c.relam WHERE i.indrelid = '"${res.table}"'::regclass AND a.amname = 'gin'`,
      );
      // A small sample (3,000 rows) is enough to know the table's size and pick its indexes; autovacuum refines it.
      await this.repo.execute('SET LOCAL default_statistics_target = 10');
      await this.repo.execute(`ANALYZE "${res.table}"`);
    });
  }

  async remove(ctx: AuthContext, entId: string, ids: string[]): Promise<void> {
    await (await this.resolve(ctx, entId)).crud.remove(ctx, ids);
  }

  /** A field that exists in the entity's table and can be shown as an option. */
  private async fieldOf(ctx: AuthContext, entId: string, field: string) {
    const resolved = await this.resolve(ctx, entId);
    const spec = resolved.res.fields[field];
    if (!spec || spec.kind === 'json') {
      throw new FieldError('field', encodeMessage('form.unknown', { field }));
    }
    return { ...resolved, spec };
  }

  /** `[{key: id, value}]` of one field of the rows the caller may see: a picker's options. */
  async kv(ctx: AuthContext, entId: string, field: string) {
    return (await this.fieldOf(ctx, entId, field)).crud.pairs(ctx, field);
  }

  /** The rows a reference field may point at, labelled by the referenced entity's first text field. */
  async ref(ctx: AuthContext, entId: string, field: string) {
    const { spec } = await this.fieldOf(ctx, entId, field);
    if (!spec.ref) {
      throw new FieldError('field', encodeMessage('form.type', { label: field }));
    }
    const target = await this.resolve(ctx, spec.ref);
    const label = Object.entries(target.res.fields).find(
      ([, f]) => f.kind === 'string' || f.kind === 'text',
    )?.[0];
    const pairs = await target.crud.pairs(ctx, label ?? 'id');
    return pairs.map((p) => ({ key: p.key, value: label ? p.value : p.key }));
  }

  /** Child rows of a tree entity (its definition names the parent field); '0' lists the roots. */
  async children(ctx: AuthContext, entId: string, parentId: string): Promise<Row[]> {
    const { crud, treeField } = await this.resolve(ctx, entId);
    if (!treeField) {
      throw badRequest('entity.notTree');
    }
    if (parentId !== '0') {
      // The parent must be a row the caller may see: another tenant's id is as absent here as anywhere.
      await crud.detail(ctx, parentId);
    }
    return crud.children(ctx, parentId, treeField);
  }

  /** Whether no other live row holds `value` in `field`. */
  async isUnique(
    ctx: AuthContext,
    entId: string,
    field: string,
    value: string,
    id?: string,
  ): Promise<boolean> {
    const { res, repo } = await this.resolve(ctx, entId);
    if (!res.fields[field] || res.fields[field]?.kind === 'json') {
      throw new FieldError('field', encodeMessage('form.unknown', { field }));
    }
    // The value is checked as a search on that field would be: a text for a number column is a 400, not a 500.
    parseOrRefuse(res.search, { [field]: value });
    return !(await repo.taken(ctx.tenantId, field, value, id));
  }
}
