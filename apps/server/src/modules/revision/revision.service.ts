import { type Page, plainResources } from '@yuan/contract';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../types.ts';
import type { RevisionRepo, RevisionRow } from './revision.repo.ts';

const TABLES = new Map<string, { table: string; tenantScoped: boolean }>(
  plainResources.map((res) => [res.name, { table: res.table, tenantScoped: res.tenantScoped === true }]),
);

/** The table of a resource's rows: a plain resource's, or an entity's own (`ent_<id>` → `yuan_ent_<id>`). */
function tableOf(resource: string): { table: string; tenantScoped: boolean } | undefined {
  const entity = /^ent_([0-9]{1,19})$/.exec(resource);
  return entity ? { table: `yuan_ent_${entity[1]}`, tenantScoped: true } : TABLES.get(resource);
}

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
    const table = tableOf(resource);
    return table !== undefined && this.repo.hasRow(table.table, table.tenantScoped, ctx.tenantId, id);
  }
}
