import type { Page } from '@yuan/contract';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../types.ts';
import { resourceOfCode } from './resource-codes.ts';
import type { RevisionRepo, RevisionRow } from './revision.repo.ts';

/** The history of a row: who changed what, newest first. */
export class RevisionService {
  constructor(private readonly repo: RevisionRepo) {}

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

  private async hasRow(ctx: AuthContext, resource: string, id: string): Promise<boolean> {
    const coded = resourceOfCode(resource);
    return coded !== undefined && this.repo.hasRow(coded.table, coded.tenantScoped, ctx.tenantId, id);
  }
}
