import { DEFAULT_TENANT_ID, tenantDatasource, tenantPackageSetting, tenantSetting } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { switchScope } from '../../../db/scope.ts';
import { badRequest, forbidden, notFound } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { AuthContext } from '../../../types.ts';
import type { TenantRepo } from './tenant.repo.ts';

/** Only the platform tenant manages tenants; it works across tenants. */
async function platform(ctx: AuthContext): Promise<void> {
  if (ctx.tenantId !== DEFAULT_TENANT_ID) {
    throw forbidden();
  }
  await switchScope({ allTenants: true });
}

const tenantIdQuery = z.strictObject({ tenantId: z.string().regex(/^[0-9A-Za-z]{1,12}$/) });

/** setting (quota and expiry), datasource binding, package-detail and package-setting. */
export function tenantRoutes(repo: TenantRepo) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['tenant'];

    r.post(
      '/setting',
      { config: { perm: 'tenant_setting' }, schema: { tags, body: tenantSetting } },
      async (request) => {
        await platform(caller(request));
        const { ids, accountNumber, expireTime } = request.body;
        const list = [...new Set(ids.split(','))];
        // The text goes to the database as typed, which reads it in the session's (the caller's tenant's) zone.
        const expire = expireTime === undefined ? undefined : expireTime === '' ? null : expireTime;
        if (expire && Number.isNaN(Date.parse(expire.slice(0, 10)))) {
          throw badRequest();
        }
        const n = await repo.setting(list, {
          ...(accountNumber === undefined ? {} : { account_number: accountNumber }),
          ...(expire === undefined ? {} : { expire_time: expire }),
        });
        if (n !== list.length) {
          throw notFound();
        }
        return ok(request.lang, true);
      },
    );

    r.post(
      '/datasource',
      { config: { perm: 'tenant_datasource' }, schema: { tags, body: tenantDatasource } },
      async (request) => {
        await platform(caller(request));
        const { tenantId, datasourceId } = request.body;
        if (datasourceId !== '' && !(await repo.datasourceExists(datasourceId))) {
          throw notFound();
        }
        if ((await repo.setColumn(tenantId, { datasource_id: datasourceId || null })) === 0) {
          throw notFound();
        }
        return ok(request.lang, true);
      },
    );

    r.get(
      '/package-detail',
      { config: { perm: 'tenant_package' }, schema: { tags, querystring: tenantIdQuery } },
      async (request) => {
        await platform(caller(request));
        const row = await repo.packageOf(request.query.tenantId);
        if (!row) {
          throw notFound();
        }
        return ok(request.lang, row);
      },
    );

    r.post(
      '/package-setting',
      { config: { perm: 'tenant_package' }, schema: { tags, body: tenantPackageSetting } },
      async (request) => {
        await platform(caller(request));
        const packageId = request.body.packageId || null;
        if (packageId && (await repo.packageMenuIds(packageId)) === null) {
          throw notFound();
        }
        if ((await repo.setColumn(request.body.tenantId, { package_id: packageId })) === 0) {
          throw notFound();
        }
        return ok(request.lang, true);
      },
    );
  };
}
