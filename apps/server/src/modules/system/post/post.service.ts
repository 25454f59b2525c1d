import { DEFAULT_TENANT_ID } from '@yuan/contract';
import { switchScope } from '../../../db/scope.ts';
import { forbidden } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../types.ts';
import type { PostRepo } from './post.repo.ts';

/** Posts for pickers: the caller's tenant's, or (the platform tenant setting up another tenant's users) another's. */
export async function postOptions(posts: PostRepo, ctx: AuthContext, tenantId = ctx.tenantId) {
  if (tenantId !== ctx.tenantId) {
    if (ctx.tenantId !== DEFAULT_TENANT_ID) {
      throw forbidden();
    }
    await switchScope({ allTenants: true });
  }
  return posts.options(tenantId);
}
