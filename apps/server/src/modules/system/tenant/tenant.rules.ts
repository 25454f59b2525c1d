import { randomBytes, randomInt } from 'node:crypto';
import { encodeMessage } from '@yuan/contract';
import type { ResourceRules } from '../../../lib/crud/crud.service.ts';
import { AppError, FieldError } from '../../../lib/errors.ts';
import { nextId } from '../../../lib/id.ts';
import { hashPassword } from '../../../lib/password.ts';
import type { TenantRepo } from './tenant.repo.ts';

export const INIT_PASSWORD_PARAM = 'account.initPassword';
const TENANT_ID = /^[0-9A-Za-z]{1,12}$/;

/**
 * A new tenant gets an id (six digits unless given), and its own department, post, administrator role (granted its
 * package's menus, or all) and `admin` account. The account's initial password is the platform parameter
 * account.initPassword, or a generated one returned once as `initialPassword`.
 */
export function tenantRules(repo: TenantRepo): ResourceRules {
  return {
    async prepare(_ctx, values, id) {
      const datasourceId = values.datasourceId;
      if (
        typeof datasourceId === 'string' &&
        datasourceId !== '' &&
        !(await repo.datasourceExists(datasourceId))
      ) {
        throw new FieldError('datasourceId', encodeMessage('form.choose', { label: 'tenant.datasourceId' }));
      }
      if (id) {
        // The tenant id is the key of every row the tenant owns: it never changes.
        const { tenantId: _fixed, ...rest } = values;
        return rest;
      }
      let tenantId = typeof values.tenantId === 'string' ? values.tenantId.trim() : '';
      if (tenantId === '') {
        do {
          tenantId = String(randomInt(100_000, 1_000_000));
        } while (await repo.tenantIdTaken(tenantId));
      } else if (!TENANT_ID.test(tenantId)) {
        throw new FieldError('tenantId', encodeMessage('form.pattern', { label: 'tenant.tenantId' }));
      }
      return { ...values, tenantId };
    },
    async afterSave(_ctx, row, created) {
      if (!created) {
        return row;
      }
      const configured = await repo.platformParam(INIT_PASSWORD_PARAM);
      const password = configured ?? randomBytes(9).toString('base64url');
      const menuIds =
        (await repo.packageMenuIds(row.packageId ? String(row.packageId) : null)) ??
        (await repo.allMenuIds());
      await repo.seedOrganisation({
        tenantId: String(row.tenantId),
        tenantName: String(row.tenantName),
        ids: { dept: nextId(), post: nextId(), role: nextId(), user: nextId() },
        passwordHash: await hashPassword(password),
        menuIds,
      });
      return configured ? row : { ...row, initialPassword: password };
    },
    async beforeRemove(_ctx, ids) {
      const platform = await repo.platformRowId();
      if (platform && ids.includes(platform)) {
        throw new AppError(400, 'error.inUse');
      }
    },
  };
}
