import { afterCommit } from '../../db/scope.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../types.ts';
import type { EnableRepo } from './enable.repo.ts';

/** Makes one of the tenant's configurations the only enabled one; an id that is not the tenant's live row is 404. */
export async function enableOne(
  repo: EnableRepo,
  ctx: AuthContext,
  id: string,
  onChange: () => void,
): Promise<void> {
  if (!(await repo.exists(ctx.tenantId, id))) {
    throw notFound();
  }
  await repo.enableOnly(ctx.tenantId, id);
  afterCommit(onChange);
}
