import { nextId } from '../../lib/id.ts';
import type { Kdb } from '../index.ts';

/** The SPEC's example services, for a tenant that has never had any: callable by path and through `s/c`. */
const EXAMPLES = [
  ['QueryUnRead', '未读通知数', 'return { unread: notice.unread() };'],
  [
    'GetUserName',
    '用户姓名',
    "if (!params.userNo) {\n  throw new Error('userNo is required');\n}\nreturn users.nameOf(String(params.userNo));",
  ],
] as const;

export async function seedServices(tx: Kdb, tenantId: string): Promise<void> {
  const any = await tx
    .selectFrom('yuan_script_service')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .limit(1)
    .executeTakeFirst();
  if (any) {
    return;
  }
  const moduleId = nextId();
  await tx
    .insertInto('yuan_script_service')
    .values({ tenant_id: tenantId, id: moduleId, parent_id: '0', name: '示例服务', kind: 'module', sort: 0 })
    .execute();
  let sort = 0;
  for (const [path, name, code] of EXAMPLES) {
    await tx
      .insertInto('yuan_script_service')
      .values({
        tenant_id: tenantId,
        id: nextId(),
        parent_id: moduleId,
        name,
        kind: 'service',
        path,
        code,
        language: 'js',
        enabled: true,
        sort: sort++,
      })
      .execute();
  }
}
