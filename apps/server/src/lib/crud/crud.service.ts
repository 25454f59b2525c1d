import { DEFAULT_TENANT_ID, encodeMessage, type Page, type PageQuery, type Resource } from '@yuan/contract';
import { afterCommit, finalWrite, switchScope } from '../../db/scope.ts';
import type { AuthContext } from '../../types.ts';
import { badRequest, FieldError, forbidden, notFound } from '../errors.ts';
import { nextId } from '../id.ts';
import type { Answer, CrudRepo, Row, RowScope } from './crud.repo.ts';
import { type ListCache, tableScope } from './list-cache.ts';
import { authorOf } from './revisions.ts';
import { nest, placeInTree, refuseWithChildren, type TreeNode } from './tree.ts';

/** What a resource adds to the shared rules, e.g. hashing a secret before it is stored. */
export interface ResourceRules {
  /** Turns submitted values into stored ones; `id` is set on update. May throw a FieldError. */
  prepare?(ctx: AuthContext, values: Row, id: string | undefined): Promise<Row>;
  /** Refuses a removal (e.g. sealed entries, departments with users) by throwing. */
  beforeRemove?(ctx: AuthContext, ids: string[]): Promise<void>;
  /** Told of every write (inside the scope), e.g. to drop a cache. */
  changed?(): void;
  /** After a row is saved (inside the scope): `created` on add. May add to the returned row. */
  afterSave?(ctx: AuthContext, row: Row, created: boolean): Promise<Row>;
}

/** The rules every plain resource shares: tenant, audit columns, uniqueness, all-or-nothing removal. */
/** The rows a caller may see and change of a resource (data scopes); null means all the tenant's rows. */
export type RowScopes = { rowsFor(ctx: AuthContext, resource: string): Promise<RowScope> };

export class CrudService {
  /** The query keys a list filters by, named once: building them per call was a list's largest own allocation. */
  private readonly filterKeys: readonly string[];

  constructor(
    private readonly res: Resource,
    private readonly base: CrudRepo,
    private readonly counts: ListCache,
    private readonly rules: ResourceRules = {},
    private readonly scopes?: RowScopes,
  ) {
    this.filterKeys = Object.keys(res.fields)
      .flatMap((name) => [name, `${name}_gt`, `${name}_lt`])
      .concat('createTime_dategt', 'createTime_datelt');
  }

  /** The repo limited to the caller's data scope for this resource. */
  private async repoFor(ctx: AuthContext): Promise<CrudRepo> {
    return this.scopes ? this.base.limitedTo(await this.scopes.rowsFor(ctx, this.res.name)) : this.base;
  }

  /** Platform data belongs to the platform tenant: other tenants neither see nor change it. */
  private async guard(ctx: AuthContext): Promise<void> {
    if (this.res.platformOnly && ctx.tenantId !== DEFAULT_TENANT_ID) {
      throw forbidden();
    }
    if (this.res.allTenants) {
      // Tenants are platform data kept under row-level security: the platform tenant reads across tenants.
      await switchScope({ allTenants: true });
    }
  }

  private scopeKey(ctx: AuthContext): string {
    return tableScope(this.res.tenantScoped ? ctx.tenantId : '*', this.res.table);
  }

  /** Rows were written around this service (e.g. an upload recording its attachment): drop cached totals. */
  writtenElsewhere(ctx: AuthContext): void {
    this.counts.invalidate(this.scopeKey(ctx));
    this.rules.changed?.();
  }

  private changed(ctx: AuthContext): void {
    const key = this.scopeKey(ctx);
    this.counts.invalidate(key);
    // Again after commit: a count taken between the write and the commit must not survive.
    afterCommit(() => this.counts.invalidate(key));
    this.rules.changed?.();
  }

  async list(ctx: AuthContext, query: Record<string, unknown> & PageQuery): Promise<Page<Row>> {
    await this.guard(ctx);
    const { current, size } = query;
    const filters: Record<string, unknown> = {};
    for (const name of this.filterKeys) {
      if (query[name] !== undefined && query[name] !== '') {
        filters[name] = query[name];
      }
    }
    const rows = this.scopes ? await this.scopes.rowsFor(ctx, this.res.name) : null;
    const repo = this.base.limitedTo(rows);
    const scope = this.scopeKey(ctx);
    const countKey = JSON.stringify(rows ? [filters, rows] : filters);
    const [records, total] = await Promise.all([
      repo.page(
        ctx.tenantId,
        query,
        this.counts.pageMarks(scope, countKey),
        this.counts.knownTotal(scope, countKey),
      ),
      query.searchCount === 'false'
        ? 0
        : this.counts.total(scope, countKey, () => repo.count(ctx.tenantId, filters)),
    ]);
    return { records, total, size, current, pages: Math.ceil(total / size) };
  }

  /** Every filtered row the caller may see, in batches by key (exports). */
  async *scan(ctx: AuthContext, query: Record<string, unknown>, batch = 1000): AsyncGenerator<Row[]> {
    await this.guard(ctx);
    const repo = await this.repoFor(ctx);
    let afterId: string | undefined;
    for (;;) {
      const rows = await repo.after(ctx.tenantId, query, afterId, batch);
      if (rows.length > 0) {
        yield rows;
      }
      if (rows.length < batch) {
        return;
      }
      afterId = String(rows[rows.length - 1]?.id);
    }
  }

  async detail(ctx: AuthContext, id: string): Promise<Row> {
    await this.guard(ctx);
    const row = await (await this.repoFor(ctx)).findById(ctx.tenantId, id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  /**
   * Add (no id) or update (id of one of the tenant's live rows). Returns the saved row, or with `answer: 'id'` at
   * least its id (a caller that answers only the id spares reading the row back).
   */
  async submit(caller: AuthContext, body: Row, answer: Answer = 'row'): Promise<Row> {
    await this.guard(caller);
    const id = typeof body.id === 'string' && body.id !== '' ? body.id : undefined;
    const ctx = await this.tenantOfSubmit(caller, body.tenantId);
    // Only declared fields are written: what reads add (audit columns, joined names) is the server's to manage.
    const submitted: Row = {};
    for (const name of this.res.editable) {
      if (body[name] !== undefined) {
        submitted[name] = body[name];
      }
    }
    const checked = this.rules.prepare ? await this.rules.prepare(ctx, submitted, id) : submitted;
    const prepared = this.storedOnly(checked);
    const values = this.res.tree
      ? await placeInTree(this.res, this.base, ctx.tenantId, prepared, id)
      : prepared;
    for (const [name, f] of Object.entries(this.res.fields)) {
      if (
        f.unique &&
        values[name] !== undefined &&
        (await this.base.taken(ctx.tenantId, name, values[name], id))
      ) {
        const value = String(values[name]).slice(0, 64);
        throw new FieldError(
          name,
          encodeMessage('form.uniqueValue', { label: this.res.labels[name] ?? name, value }),
        );
      }
    }
    const now = new Date();
    // Without a data scope a write answers the row it wrote (RETURNING): one statement, alone in its transaction.
    const scoped = await this.repoFor(ctx);
    const unrestricted = scoped === this.base;
    // The rules that act after a save get the whole row.
    const returned = this.rules.afterSave ? 'row' : answer;
    if (id) {
      const changes = { ...values, updateUser: ctx.userId, updateTime: now };
      let updated: Row | undefined;
      const author = authorOf(ctx);
      if (unrestricted) {
        updated = await this.lastWrite(() =>
          this.base.updateReturning(ctx.tenantId, id, changes, returned, author),
        );
      } else if (await scoped.findById(ctx.tenantId, id)) {
        // A row outside the caller's data scope is as absent as another tenant's.
        updated = (await this.base.updateReturning(ctx.tenantId, id, changes, 'id', author))
          ? await this.detail(ctx, id)
          : undefined;
      }
      if (!updated) {
        throw notFound();
      }
      this.changed(ctx);
      return this.rules.afterSave ? this.rules.afterSave(ctx, updated, false) : updated;
    }
    const newId = nextId();
    const row: Row = {
      ...values,
      id: newId,
      ...(this.res.tenantScoped ? { tenantId: ctx.tenantId } : {}),
      createUser: ctx.userId,
      createDept: ctx.deptId || null,
      createTime: now,
      updateUser: ctx.userId,
      updateTime: now,
    };
    let created: Row;
    if (unrestricted) {
      created = await this.lastWrite(() => this.base.insertReturning(row, returned, authorOf(ctx)));
    } else {
      // Under a data scope the new row is answered only if the caller may see it, as a read of it would.
      await this.base.insertReturning(row, 'id', authorOf(ctx));
      created = await this.detail(ctx, newId);
    }
    this.changed(ctx);
    return this.rules.afterSave ? this.rules.afterSave(ctx, created, true) : created;
  }

  /** A submit's row write, the unit's last unless the resource's rules write after it. */
  private lastWrite<T>(write: () => Promise<T>): Promise<T> {
    return this.rules.afterSave ? write() : finalWrite(write);
  }

  /** Confirmation fields are checked by the rules, never stored. */
  private storedOnly(values: Row): Row {
    const out: Row = {};
    for (const [name, value] of Object.entries(values)) {
      if (!this.res.fields[name]?.formOnly) {
        out[name] = value;
      }
    }
    return out;
  }

  /**
   * The tenant a submit writes into. Where the resource lets a body name it, the platform tenant may write into an
   * existing tenant; anyone else naming a tenant other than their own is refused. Elsewhere the caller's tenant.
   */
  private async tenantOfSubmit(ctx: AuthContext, named: unknown): Promise<AuthContext> {
    if (!this.res.submitTenant || typeof named !== 'string' || named === '' || named === ctx.tenantId) {
      return ctx;
    }
    if (ctx.tenantId !== DEFAULT_TENANT_ID) {
      throw forbidden();
    }
    await switchScope({ tenantId: named });
    if (!(await this.base.tenantIsLive(named))) {
      throw notFound();
    }
    return { ...ctx, tenantId: named };
  }

  /** Removes all of the ids or none: an id that is not the tenant's live row fails the whole call. */
  async remove(ctx: AuthContext, ids: string[]): Promise<void> {
    await this.guard(ctx);
    const unique = [...new Set(ids)];
    if (unique.length === 0 || unique.length > 1000) {
      throw badRequest();
    }
    // Existence first: an id that is not the tenant's answers 404 before any rule can say something about it.
    if ((await (await this.repoFor(ctx)).countLive(ctx.tenantId, unique)) !== unique.length) {
      throw notFound();
    }
    if (this.res.tree) {
      await refuseWithChildren(this.base, ctx.tenantId, unique);
    }
    await this.rules.beforeRemove?.(ctx, unique);
    const n = await this.base.remove(ctx.tenantId, unique, ctx.userId, authorOf(ctx));
    if (n !== unique.length) {
      throw notFound();
    }
    this.changed(ctx);
  }

  async tree(ctx: AuthContext, q: { code?: string; tenantId?: string } = {}): Promise<TreeNode[]> {
    await this.guard(ctx);
    let tenantId = ctx.tenantId;
    if (q.tenantId && q.tenantId !== ctx.tenantId && this.res.tenantScoped) {
      // Only the platform tenant looks at another tenant's tree (setting up that tenant's roles and departments).
      if (ctx.tenantId !== DEFAULT_TENANT_ID) {
        throw forbidden();
      }
      await switchScope({ allTenants: true });
      tenantId = q.tenantId;
    }
    return nest(await (await this.repoFor(ctx)).treeRows(tenantId, this.res.tree?.label ?? 'id', q.code));
  }

  async children(ctx: AuthContext, parentId: string, parentField?: string): Promise<Row[]> {
    await this.guard(ctx);
    return (await this.repoFor(ctx)).children(ctx.tenantId, parentId, parentField);
  }

  /** Id and one field of the rows the caller may see (at most `limit`): a picker's options. */
  async pairs(ctx: AuthContext, field: string, limit = 1000): Promise<{ key: string; value: unknown }[]> {
    await this.guard(ctx);
    return (await this.repoFor(ctx)).pairs(ctx.tenantId, field, limit);
  }
}
