import { sql } from 'kysely';
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
  const { rows } = await sql`SELECT 1 FROM yuan_script_service WHERE tenant_id = ${tenantId} LIMIT 1`.execute(
    tx,
  );
  if (rows.length > 0) {
    return;
  }
  const moduleId = nextId();
  await sql`INSERT INTO yuan_script_service (tenant_id, id, parent_id, name, kind, sort)
    VALUES (${tenantId}, ${moduleId}, 0, '示例服务', 'module', 0)`.execute(tx);
  let sort = 0;
  for (const [path, name, code] of EXAMPLES) {
    await sql`INSERT INTO yuan_script_service (tenant_id, id, parent_id, name, kind, path, code, language, enabled, sort)
      VALUES (${tenantId}, ${nextId()}, ${moduleId}, ${name}, 'service', ${path}, ${code}, 'js', true, ${sort++})`.execute(
      tx,
    );
  }
}
