import type { Insertable, Selectable } from 'kysely';
import type { Kdb } from '../../../db/index.ts';
import type { DB } from '../../../db/schema.ts';
import { insertShortLived } from '../short-lived.ts';

export type Factor = Selectable<DB['yuan_mfa_factor']>;
export type Challenge = Selectable<DB['yuan_mfa_challenge']>;

/** Second factors, recovery codes and pending second steps. SQL only; every call inside a scope of the tenant. */
export class MfaRepo {
  constructor(private readonly db: Kdb) {}

  factors(tenantId: string, userId: string) {
    return this.db
      .selectFrom('yuan_mfa_factor')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  addFactor(row: Insertable<DB['yuan_mfa_factor']>) {
    return this.db.insertInto('yuan_mfa_factor').values(row).execute();
  }

  /** Drops the user's unconfirmed TOTP secrets (a new setup replaces an abandoned one). */
  dropPendingTotp(tenantId: string, userId: string) {
    return this.db
      .deleteFrom('yuan_mfa_factor')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('kind', '=', 'totp')
      .where('confirmed', '=', false)
      .execute();
  }

  /**
   * Moves a TOTP factor's last accepted step forward, in one statement, so two requests with the same code cannot
   * both pass: the second finds the step already taken. Confirms the factor when it was pending.
   */
  async takeStep(id: string, step: number): Promise<boolean> {
    const r = await this.db
      .updateTable('yuan_mfa_factor')
      .set({ last_step: String(step), confirmed: true, last_used_at: new Date() })
      .where('id', '=', id)
      .where('last_step', '<', String(step))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Records a passkey's use: its new signature counter (only forward, against a cloned authenticator). */
  async usePasskey(id: string, counter: number): Promise<boolean> {
    const r = await this.db
      .updateTable('yuan_mfa_factor')
      .set({ counter: String(counter), last_used_at: new Date() })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('counter', '<', String(counter)), eb('counter', '=', '0')]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  removeFactors(tenantId: string, userId: string, ids?: string[]) {
    let q = this.db
      .deleteFrom('yuan_mfa_factor')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId);
    if (ids) {
      q = q.where('id', 'in', ids);
    }
    return q.executeTakeFirst();
  }

  async replaceRecoveryCodes(tenantId: string, userId: string, hashes: string[]) {
    await this.clearRecoveryCodes(tenantId, userId);
    await this.db
      .insertInto('yuan_mfa_recovery')
      .values(hashes.map((code_hash) => ({ tenant_id: tenantId, user_id: userId, code_hash })))
      .execute();
  }

  clearRecoveryCodes(tenantId: string, userId: string) {
    return this.db
      .deleteFrom('yuan_mfa_recovery')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Spends one unused recovery code in one statement: true when it was there and unused. */
  async spendRecoveryCode(tenantId: string, userId: string, hash: string): Promise<boolean> {
    const r = await this.db
      .updateTable('yuan_mfa_recovery')
      .set({ used_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async unusedRecoveryCodes(tenantId: string, userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('yuan_mfa_recovery')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  addChallenge(row: Insertable<DB['yuan_mfa_challenge']>) {
    return insertShortLived(this.db, 'yuan_mfa_challenge', row);
  }

  liveChallenge(tokenHash: string) {
    return this.db
      .selectFrom('yuan_mfa_challenge')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
  }

  setWebauthnChallenge(tokenHash: string, challenge: string) {
    return this.db
      .updateTable('yuan_mfa_challenge')
      .set({ webauthn_challenge: challenge })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  /** Counts a failed second step; answers the failures so far. */
  async failChallenge(tokenHash: string): Promise<number> {
    const r = await this.db
      .updateTable('yuan_mfa_challenge')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .returning('failures')
      .executeTakeFirst();
    return r?.failures ?? Number.MAX_SAFE_INTEGER;
  }

  /** Spends the challenge: true for the one request that removed it. */
  async endChallenge(tokenHash: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('yuan_mfa_challenge')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }
}
