import { encodeMessage, type Page } from '@yuan/contract';
import type { Row } from '../../lib/crud/crud-query.ts';
import type { Restorers } from '../../lib/crud/restorers.ts';
import { changeList } from '../../lib/crud/revisions.ts';
import { badRequest, FieldError, notFound } from '../../lib/errors.ts';
import type { Maybe } from '../../lib/maybe.ts';
import type { AuthContext } from '../../types.ts';
import { resourceOfCode } from './resource-codes.ts';
import type { RevisionRepo, RevisionRow } from './revision.repo.ts';

/** The grants of the caller: refuses one without any of the codes. */
export interface Grants {
  require(auth: AuthContext, codes: string[]): Maybe<void>;
}

/**
 * The values a row had right after a revision, for the fields later revisions changed: each one's value before the
 * first later change of it. A secret field's changes carry no values: it keeps the value it has.
 */
export function valuesAfter(later: readonly unknown[]): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const changes of later) {
    for (const change of changeList(changes)) {
      const { field } = change as { field?: unknown };
      if (typeof field === 'string' && 'before' in change && !values.has(field)) {
        values.set(field, (change as { before: unknown }).before);
      }
    }
  }
  return values;
}

/** The history of a row: who changed what, newest first; and the way back to any of its states. */
export class RevisionService {
  constructor(
    private readonly repo: RevisionRepo,
    private readonly restorers: Restorers,
    private readonly grants: Grants,
  ) {}

  async list(
    ctx: AuthContext,
    q: { resource: string; id: string; current: number; size: number },
  ): Promise<Page<RevisionRow>> {
    const offset = (q.current - 1) * q.size;
    const { records, total } = await this.repo.ofRow(ctx.tenantId, q.resource, q.id, offset, q.size);
    // A row of the caller's tenant may have no history yet (written before revisions were kept); a row it does not
    // have is not found, as its detail would not be.
    if (total === 0 && !(await this.hasRow(ctx, q.resource, q.id))) {
      throw notFound();
    }
    return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
  }

  /**
   * Puts a row back in the state a revision left it in, as a new change through the resource's own save: today's
   * definition and rules decide (a removed field, a required one now empty, a value now taken are refused, naming the
   * field), and the save writes its own revision. A row already in that state is left as it is.
   */
  async restore(ctx: AuthContext, id: string): Promise<{ id: string; changed: boolean }> {
    const revision = await this.repo.find(ctx.tenantId, id);
    if (!revision) {
      throw notFound();
    }
    const restorer = this.restorers.of(revision.resource);
    if (!restorer) {
      throw badRequest('revision.notRestorable');
    }
    await this.grants.require(ctx, [...restorer.editCodes]);
    const later = await this.repo.after(ctx.tenantId, revision.resource, revision.rowId, id);
    if (revision.action === 'delete' || later.some((r) => r.action === 'delete')) {
      throw badRequest('revision.removed');
    }
    const values = valuesAfter(later.map((r) => r.changes));
    if (values.size === 0) {
      return { id: revision.rowId, changed: false };
    }
    const res = await restorer.resource(ctx);
    for (const field of values.keys()) {
      if (!res.fields[field]) {
        throw new FieldError(field, encodeMessage('revision.fieldGone', { field }));
      }
    }
    // The whole row as its form posts it: the values it has now, those of that state over them.
    const current = await restorer.detail(ctx, revision.rowId);
    const body: Row = { id: revision.rowId };
    for (const name of res.editable) {
      if (current[name] !== undefined && !res.fields[name]?.writeOnly) {
        body[name] = current[name];
      }
    }
    for (const [field, value] of values) {
      body[field] = value;
    }
    await restorer.save(ctx, body, [...values.keys()]);
    return { id: revision.rowId, changed: true };
  }

  private async hasRow(ctx: AuthContext, resource: string, id: string): Promise<boolean> {
    const coded = resourceOfCode(resource);
    return coded !== undefined && this.repo.hasRow(coded.table, coded.tenantScoped, ctx.tenantId, id);
  }
}
