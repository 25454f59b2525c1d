import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';

/** SQL of one user's own sign-ins in the usual log. */
export class UsualLogRepo {
  constructor(private readonly db: Kdb) {}

  private signIns(tenantId: string, userId: string) {
    return this.db
      .selectFrom('yuan_log_usual')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('log_id', 'in', ['login', 'refresh']);
  }

  async mine(tenantId: string, userId: string, current: number, size: number) {
    const records = await this.signIns(tenantId, userId)
      .select([
        'id',
        'log_id as logId',
        'remote_ip as remoteIp',
        'user_agent as userAgent',
        'create_time as createTime',
      ])
      .orderBy('id', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute();
    // One user's sign-ins: few rows on an index, and a sign-in must show in its total at once.
    const row = await this.signIns(tenantId, userId)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const total = Number(row.n);
    return { records, total, size, current, pages: Math.ceil(total / size) };
  }
}
