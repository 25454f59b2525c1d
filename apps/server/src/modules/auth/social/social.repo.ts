import type { Insertable } from 'kysely';
import type { Kdb } from '../../../db/index.ts';
import type { DB } from '../../../db/schema.ts';
import { nextId } from '../../../lib/id.ts';
import type { SocialIdentity } from './social-client.ts';
import { insertShortLived } from '../short-lived.ts';

/** A pending sign-in as its row: the table's own columns, so the repo adds no mapping of its own. */
export type NewState = Omit<Insertable<DB['yuan_oauth_state']>, 'used_at' | 'create_time'>;

/** Pending third-party sign-ins and the identities they prove. SQL only. */
export class SocialRepo {
  constructor(private readonly db: Kdb) {}

  addState(row: NewState) {
    return insertShortLived(this.db, 'yuan_oauth_state', row);
  }

  /** Spends a live state in one statement, so two callbacks cannot both use it. Needs a scope over all tenants. */
  consumeState(stateHash: string) {
    return this.db
      .updateTable('yuan_oauth_state')
      .set({ used_at: new Date() })
      .where('state_hash', '=', stateHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
  }

  /** Records the identity (or refreshes its profile) and returns its row. */
  async upsertIdentity(tenantId: string, source: string, who: SocialIdentity) {
    const profile = {
      username: who.username,
      nickname: who.nickname,
      email: who.email,
      avatar: who.avatar,
      update_time: new Date(),
    };
    return this.db
      .insertInto('yuan_user_oauth')
      .values({ tenant_id: tenantId, id: nextId(), source, uuid: who.uuid, ...profile })
      .onConflict((oc) => oc.columns(['tenant_id', 'source', 'uuid']).doUpdateSet(profile))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findIdentity(tenantId: string, id: string) {
    return this.db
      .selectFrom('yuan_user_oauth')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Links an unlinked identity to a user; false when it was linked meanwhile. */
  async link(tenantId: string, id: string, userId: string | null): Promise<boolean> {
    const query = this.db
      .updateTable('yuan_user_oauth')
      .set({ user_id: userId, update_time: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id);
    const result = await (userId === null ? query : query.where('user_id', 'is', null)).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
