import { encodeMessage, verifyJson } from '@yuan/contract';
import { badRequest, FieldError } from '../../../lib/errors.ts';
import type { ResourceRules } from '../../../lib/crud/crud.service.ts';
import type { CrudRepo } from '../../../lib/crud/crud.repo.ts';
import type { EntityRepo } from '../entity/entity.repo.ts';

/** An element definition's validation has the entity elements' shape; one in use by an entity stays. */
export function elementRules(entities: EntityRepo, defs: () => CrudRepo): ResourceRules {
  return {
    async prepare(_ctx, values) {
      if (values.verifyJson !== undefined && values.verifyJson !== null) {
        const parsed = verifyJson.safeParse(values.verifyJson);
        if (!parsed.success) {
          throw new FieldError('verifyJson', encodeMessage('form.type', { label: 'eleDef.verifyJson' }));
        }
        return { ...values, verifyJson: parsed.data };
      }
      return values;
    },
    async beforeRemove(ctx, ids) {
      for (const id of ids) {
        const row = await defs().findById(ctx.tenantId, id);
        const users = row ? await entities.usingDefinition(String(row.defNo)) : [];
        if (users.length > 0) {
          throw badRequest('entity.eleDefInUse', { names: users.map((u) => u.entNo).join(',') });
        }
      }
    },
  };
}
