import { DEFAULT_TENANT_ID } from '@yuan/contract';
import { switchScope } from '../../../db/scope.ts';
import { forbidden } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../types.ts';
import type { DdlService } from './ddl.service.ts';
import type { EntityRepo } from './entity.repo.ts';

/**
 * The platform's tables (platform tenant only): each with whether an entity definition manages it, whose, and
 * where that table and its synced definition disagree.
 */
export async function platformTables(ctx: AuthContext, repo: EntityRepo, ddl: DdlService) {
  if (ctx.tenantId !== DEFAULT_TENANT_ID) {
    throw forbidden();
  }
  await switchScope({ allTenants: true });
  const [tables, defs] = await Promise.all([repo.tables(), repo.all()]);
  const byTable = new Map(defs.map((d) => [ddl.tableOf(d.id), d]));
  return Promise.all(
    tables.map(async (t) => {
      const def = byTable.get(t.name);
      return {
        tableName: t.name,
        columns: t.columns,
        managed: def !== undefined,
        entId: def?.id ?? null,
        entNo: def?.entNo ?? null,
        tenantId: def?.tenantId ?? null,
        drift: def?.synced ? await ddl.drift(def.id, def.synced) : [],
      };
    }),
  );
}
