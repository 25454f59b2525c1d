import type { ChatUser } from '@yuan/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import { containing } from '../../lib/like.ts';

/** The name a user shows under: real name, else name, else account. */
export const displayName = (u: string) =>
  sql<string>`COALESCE(NULLIF(${sql.ref(`${u}.real_name`)}, ''), NULLIF(${sql.ref(`${u}.name`)}, ''),
    ${sql.ref(`${u}.account`)}, '')`;

/** The tenant's users as chat sees them. Every statement names the tenant (row-level security holds it too). */
export class ChatUserRepo {
  constructor(private readonly db: Kdb) {}

  /** Live users of the tenant among `ids`. */
  async liveUsers(tenantId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) {
      return [];
    }
    const rows = await this.db
      .selectFrom('yuan_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  /** A user's display name (the typing indicator shows it). */
  async nameOf(tenantId: string, userId: string): Promise<string> {
    const row = await this.db
      .selectFrom('yuan_user as u')
      .select(displayName('u').as('name'))
      .where('u.tenant_id', '=', tenantId)
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return row?.name ?? '';
  }

  /** The tenant's live users other than `me`, by account, optionally matching a keyword. */
  search(tenantId: string, me: string, keyword: string, limit: number): Promise<ChatUser[]> {
    const like = containing(keyword);
    let q = this.db
      .selectFrom('yuan_user as u')
      .select(['u.id', 'u.account', displayName('u').as('name'), 'u.avatar'])
      .where('u.tenant_id', '=', tenantId)
      .where('u.is_deleted', '=', 0)
      .where('u.id', '<>', me);
    if (keyword !== '') {
      q = q.where((eb) =>
        eb.or([
          eb('u.account', 'ilike', like),
          eb('u.name', 'ilike', like),
          eb('u.real_name', 'ilike', like),
        ]),
      );
    }
    return q.orderBy('u.account').limit(limit).execute();
  }
}
