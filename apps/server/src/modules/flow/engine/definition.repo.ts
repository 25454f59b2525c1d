import type { Kdb } from '../../../db/index.ts';
import { nextId } from '../../../lib/id.ts';
import { containing } from '../../../lib/like.ts';
import { idIn, pageOf } from './flow-sql.ts';

export interface DefinitionRow {
  id: string;
  deploymentId: string;
  key: string;
  name: string;
  version: number;
  category: string;
  tenantId: string;
  suspended: boolean;
  deployTime: Date;
  resourceName: string;
  xml?: string;
}

const DEF_COLUMNS = [
  'd.id',
  'd.deployment_id as deploymentId',
  'd.key',
  'd.name',
  'd.version',
  'd.category',
  'd.tenant_id as tenantId',
  'd.suspended',
  'd.deploy_time as deployTime',
  'd.resource_name as resourceName',
] as const;

/** Process definitions and their deployments. Every statement names the tenant (row-level security holds it too). */
export class DefinitionRepo {
  constructor(private readonly db: Kdb) {}

  async nextVersion(tenantId: string, key: string): Promise<number> {
    const row = await this.db
      .selectFrom('yuan_flow_definition')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('tenant_id', '=', tenantId)
      .where('key', '=', key)
      .executeTakeFirst();
    return Number(row?.v ?? 0) + 1;
  }

  async insertDefinition(
    row: Omit<DefinitionRow, 'id' | 'deployTime' | 'suspended' | 'xml'> & { xml: string; userId: string },
  ) {
    const id = nextId();
    await this.db
      .insertInto('yuan_flow_definition')
      .values({
        tenant_id: row.tenantId,
        id,
        deployment_id: row.deploymentId,
        key: row.key,
        name: row.name,
        version: row.version,
        category: row.category,
        resource_name: row.resourceName,
        xml: row.xml,
        deploy_user: row.userId,
      })
      .execute();
    return id;
  }

  listDefinitions(tenantId: string, q: { key?: string; category?: string; current: number; size: number }) {
    let from = this.db.selectFrom('yuan_flow_definition as d').where('d.tenant_id', '=', tenantId);
    if (q.key) {
      from = from.where('d.key', 'ilike', containing(q.key));
    }
    if (q.category) {
      from = from.where('d.category', '=', q.category);
    }
    return pageOf<DefinitionRow>(
      from.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      () =>
        from
          .select(DEF_COLUMNS)
          .orderBy('d.key')
          .orderBy('d.version', 'desc')
          .limit(q.size)
          .offset((q.current - 1) * q.size)
          .execute(),
      q.current,
      q.size,
    );
  }

  definition(tenantId: string, id: string): Promise<DefinitionRow | undefined> {
    return this.db
      .selectFrom('yuan_flow_definition as d')
      .select([...DEF_COLUMNS, 'd.xml'])
      .where('d.tenant_id', '=', tenantId)
      .where('d.id', '=', id)
      .executeTakeFirst();
  }

  latestDefinition(tenantId: string, key: string): Promise<DefinitionRow | undefined> {
    return this.db
      .selectFrom('yuan_flow_definition as d')
      .select([...DEF_COLUMNS, 'd.xml'])
      .where('d.tenant_id', '=', tenantId)
      .where('d.key', '=', key)
      .orderBy('d.version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async setSuspended(tenantId: string, id: string, suspended: boolean): Promise<number> {
    const r = await this.db
      .updateTable('yuan_flow_definition')
      .set({ suspended })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async deploymentsFound(tenantId: string, ids: string[]): Promise<number> {
    const row = await this.db
      .selectFrom('yuan_flow_definition')
      .select((eb) => eb.fn.count('deployment_id').distinct().as('n'))
      .where('tenant_id', '=', tenantId)
      .where((eb) => idIn(eb.ref('deployment_id'), ids))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async runningInDeployments(tenantId: string, ids: string[]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('yuan_flow_instance as i')
      .innerJoin('yuan_flow_definition as d', (j) =>
        j.onRef('d.tenant_id', '=', 'i.tenant_id').onRef('d.id', '=', 'i.definition_id'),
      )
      .select('i.id')
      .where('i.tenant_id', '=', tenantId)
      .where('i.state', '=', 'running')
      .where((eb) => idIn(eb.ref('d.deployment_id'), ids))
      .execute();
    return rows.map((r) => r.id);
  }

  async deleteDeployments(tenantId: string, ids: string[]): Promise<void> {
    await this.db
      .deleteFrom('yuan_flow_definition')
      .where('tenant_id', '=', tenantId)
      .where((eb) => idIn(eb.ref('deployment_id'), ids))
      .execute();
  }
}
