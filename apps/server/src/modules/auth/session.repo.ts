import type { Kdb } from '../../db/index.ts';

/** Sessions (refresh-token families) and their refresh tokens. SQL only. */
export class SessionRepo {
  constructor(private readonly db: Kdb) {}

  createSession(s: {
    id: string;
    tenantId: string;
    userId: string;
    clientId: string;
    ip: string;
    userAgent: string;
    expiresAt: Date;
  }) {
    return this.db
      .insertInto('yuan_session')
      .values({
        id: s.id,
        tenant_id: s.tenantId,
        user_id: s.userId,
        client_id: s.clientId,
        ip: s.ip.slice(0, 64),
        user_agent: s.userAgent.slice(0, 512),
        expires_at: s.expiresAt,
      })
      .execute();
  }

  addRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date) {
    return this.db
      .insertInto('yuan_refresh_token')
      .values({ token_hash: tokenHash, session_id: sessionId, expires_at: expiresAt })
      .execute();
  }

  /** Marks a refresh token used, atomically: only the first caller gets the row back. */
  consumeRefreshToken(tokenHash: string) {
    return this.db
      .updateTable('yuan_refresh_token')
      .set({ used_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .returning(['session_id', 'expires_at'])
      .executeTakeFirst();
  }

  findRefreshToken(tokenHash: string) {
    return this.db
      .selectFrom('yuan_refresh_token')
      .select(['session_id', 'used_at', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  findSession(id: string) {
    return this.db
      .selectFrom('yuan_session')
      .select([
        'id',
        'tenant_id',
        'user_id',
        'client_id',
        'expires_at',
        'revoked_at',
        'active_dept',
        'active_role',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  extendSession(id: string, expiresAt: Date) {
    return this.db.updateTable('yuan_session').set({ expires_at: expiresAt }).where('id', '=', id).execute();
  }

  revokeSession(id: string, reason: string) {
    return this.db
      .updateTable('yuan_session')
      .set({ revoked_at: new Date(), revoke_reason: reason })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  setChoice(id: string, deptId: string, roleId: string) {
    return this.db
      .updateTable('yuan_session')
      .set({ active_dept: deptId, active_role: roleId })
      .where('id', '=', id)
      .execute();
  }
}
