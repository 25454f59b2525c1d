import type { ResourceRules } from '../../../lib/crud/crud.service.ts';
import { AppError } from '../../../lib/errors.ts';
import type { DeptRepo } from './dept.repo.ts';

/** A department that still has users cannot be removed. */
export function deptRules(depts: DeptRepo): ResourceRules {
  return {
    async beforeRemove(ctx, ids) {
      if (await depts.hasUsers(ctx.tenantId, ids)) {
        throw new AppError(400, 'error.inUse');
      }
    },
  };
}
