import type { Insertable } from 'kysely';
import type { Kdb } from '../../../db/index.ts';
import type { DB } from '../../../db/schema.ts';
import { insertShortLived } from '../short-lived.ts';

/** An authorization as its row: the table's own columns, so the repo adds no mapping of its own. */
export type NewSsoCode = Omit<Insertable<DB['yuan_sso_code']>, 'used_at' | 'create_time' | 'session_id'>;

/** Single sign-on authorizations and their one-time codes. SQL only. */
export class SsoRepo {
  constructor(private readonly db: Kdb) {}

  add(row: NewSsoCode) {
    // Spent and expired codes are kept an hour (a replay within it still ends its session), then cleared.
    return insertShortLived(this.db, 'yuan_sso_code', row);
  }

  /** The caller's live authorization still waiting for its e-mailed code. */
  findPending(tenantId: string, userId: string, handleHash: string) {
    return this.db
      .selectFrom('yuan_sso_code')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('handle_hash', '=', handleHash)
      .where('code_hash', 'is', null)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
  }

  /** Turns a pending authorization into a code (the handle is spent with it). */
  approve(tenantId: string, id: string, codeHash: string, expiresAt: Date) {
    return this.db
      .updateTable('yuan_sso_code')
      .set({ code_hash: codeHash, handle_hash: null, expires_at: expiresAt })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('code_hash', 'is', null)
      .executeTakeFirst();
  }

  /** Spends a code in one statement; needs a scope over all tenants (the code names its tenant by digest only). */
  consume(codeHash: string) {
    return this.db
      .updateTable('yuan_sso_code')
      .set({ used_at: new Date() })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /** A code that was already spent (a replay): its row, to end the session it started. */
  findSpent(codeHash: string) {
    return this.db
      .selectFrom('yuan_sso_code')
      .select(['tenant_id', 'session_id'])
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is not', null)
      .executeTakeFirst();
  }

  setSession(tenantId: string, id: string, sessionId: string) {
    return this.db
      .updateTable('yuan_sso_code')
      .set({ session_id: sessionId })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }
}
