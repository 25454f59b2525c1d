import type { Resource } from '@yuan/contract';
import { tableOf } from '../../../db/dynamic.ts';
import type { Kdb } from '../../../db/index.ts';
import type { ResourceRules } from '../../../lib/crud/crud.service.ts';
import { AppError } from '../../../lib/errors.ts';
import type { DictService } from './dict.service.ts';

/** Entries carry their root's code; sealed entries (isSealed 1) cannot be removed. */
export function dictRules(db: Kdb, res: Resource, service: DictService): ResourceRules {
  const table = tableOf(res, ['yuan_dict', 'yuan_dict_biz'] as const);
  const scoped = (q: ReturnType<typeof base>, tenantId: string) =>
    res.tenantScoped ? q.where('tenant_id', '=', tenantId) : q;
  const base = () => db.selectFrom(table).where('is_deleted', '=', 0);
  return {
    changed: () => service.changed(),
    async prepare(ctx, values) {
      const parentId = typeof values.parentId === 'string' ? values.parentId : '0';
      if (parentId === '0' || parentId === '') {
        return values;
      }
      const parent = await scoped(base(), ctx.tenantId)
        .select('code')
        .where('id', '=', parentId)
        .executeTakeFirst();
      return parent ? { ...values, code: parent.code } : values;
    },
    async beforeRemove(ctx, ids) {
      const sealed = await scoped(base(), ctx.tenantId)
        .select('id')
        .where('id', 'in', ids)
        .where('is_sealed', '=', 1)
        .executeTakeFirst();
      if (sealed) {
        throw new AppError(400, 'error.sealed');
      }
    },
  };
}
