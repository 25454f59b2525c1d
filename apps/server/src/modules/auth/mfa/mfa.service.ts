import { randomBytes } from 'node:crypto';
import {
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES,
  MFA_PARAM,
  type MfaMethod,
  type MfaPolicy,
  MFA_POLICIES,
  type MfaStatus,
} from '@yuan/contract';
import type { Database } from '../../../db/index.ts';
import { sha256Hex } from '../../../lib/digest.ts';
import { invalidGrant, OAuthError } from '../../../lib/errors.ts';
import { nextId } from '../../../lib/id.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { paramValue } from '../../system/index.ts';
import type { AuthRepo } from '../auth.repo.ts';
import { lockKeysOf, lockRefusal } from '../sign-in-lock.ts';
import type { User } from '../token-issuer.ts';
import type { Factor, MfaRepo } from './mfa.repo.ts';
import type { Passkeys } from './passkeys.ts';
import { matchTotp } from './totp.ts';

/** A second step lives five minutes and allows five wrong proofs. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_TRIES = 5;
const RECOVERY_CODES = 10;
/** Role codes whose holders the policy `admins` concerns. */
const ADMIN_ROLES = new Set(['administrator', 'admin']);

/** A recovery code as shown: ten characters in two groups, read aloud without ambiguity. */
const newRecoveryCode = () => {
  const raw = randomBytes(8).toString('base64url').replace(/[-_]/g, 'x').slice(0, 10).toLowerCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};
const recoveryHash = (code: string) => sha256Hex(code.trim().toLowerCase().replace(/\s/g, ''));

/** The first step's proof for a second step: who, and for which client. */
export interface SignInProof {
  tenantId: string;
  user: User;
  clientId: string;
}

/**
 * The second factor's rules (decision 0055): the tenant's policy, the challenge a right password leads to, TOTP with
 * recovery codes, and passkeys through `Passkeys`. Each call opens the scope it needs.
 */
export class MfaService {
  constructor(
    private readonly database: Database,
    private readonly repo: MfaRepo,
    private readonly authRepo: AuthRepo,
    private readonly box: SecretBox,
    readonly passkeys: Passkeys,
  ) {}

  /** Inside a scope of the tenant. */
  async policy(tenantId: string): Promise<MfaPolicy> {
    const value = (await paramValue(this.database.db, tenantId, MFA_PARAM))?.trim();
    return (MFA_POLICIES as readonly string[]).includes(value ?? '') ? (value as MfaPolicy) : 'optional';
  }

  /** Inside a scope of the tenant: whether the tenant requires a factor of this user. */
  async required(tenantId: string, user: Pick<User, 'role_id'>, policy: MfaPolicy): Promise<boolean> {
    if (policy === 'all') {
      return true;
    }
    if (policy !== 'admins') {
      return false;
    }
    const roles = await this.authRepo.rolesOf(tenantId, String(user.role_id).split(',').filter(Boolean));
    return roles.some((r) => ADMIN_ROLES.has(r.role_alias));
  }

  /** Inside a scope of the tenant: the methods a user's confirmed factors offer. */
  async methods(tenantId: string, userId: string): Promise<MfaMethod[]> {
    const factors = (await this.repo.factors(tenantId, userId)).filter((f) => f.confirmed);
    const methods: MfaMethod[] = [];
    if (factors.some((f) => f.kind === 'totp')) {
      methods.push('totp');
      if ((await this.repo.unusedRecoveryCodes(tenantId, userId)) > 0) {
        methods.push('recovery_code');
      }
    }
    if (factors.some((f) => f.kind === 'passkey')) {
      methods.push('passkey');
    }
    return methods;
  }

  /**
   * Before any sign-in opens a session (password, phone, third party, single sign-on): when the user has a factor or
   * must have one, answers HTTP 401 mfa_required with a token for the second step instead.
   */
  async demand(proof: SignInProof): Promise<void> {
    const { tenantId, user } = proof;
    const challenge = await this.database.run({ tenantId }, async () => {
      const policy = await this.policy(tenantId);
      if (policy === 'off') {
        return null;
      }
      const methods = await this.methods(tenantId, user.id);
      const setup = methods.length === 0;
      if (setup && !(await this.required(tenantId, user, policy))) {
        return null;
      }
      const token = `${tenantId}.${randomBytes(32).toString('base64url')}`;
      await this.repo.addChallenge({
        token_hash: sha256Hex(token),
        tenant_id: tenantId,
        user_id: user.id,
        client_id: proof.clientId,
        setup,
        expires_at: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
      return { token, methods: setup ? (['totp'] as MfaMethod[]) : methods, setup };
    });
    if (challenge) {
      throw new OAuthError(
        401,
        'mfa_required',
        challenge.setup ? 'auth.mfaSetupRequired' : 'auth.mfaRequired',
        {},
        {
          mfa_token: challenge.token,
          methods: challenge.methods,
          ...(challenge.setup ? { setup: true } : {}),
        },
      );
    }
  }

  /** The tenant a second-step token belongs to (it leads the token), checked for shape. */
  tenantOfToken(token: string): string {
    const tenantId = token.split('.')[0] ?? '';
    if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId)) {
      throw invalidGrant('auth.mfaExpired');
    }
    return tenantId;
  }

  /** Inside a scope of the tenant: the live challenge of a token, for this client. */
  async challengeOf(token: string, clientId?: string) {
    const challenge = await this.repo.liveChallenge(sha256Hex(token));
    if (!challenge || (clientId !== undefined && challenge.client_id !== clientId)) {
      throw invalidGrant('auth.mfaExpired');
    }
    return challenge;
  }

  /**
   * The second step's proof (grant mfa), inside a scope of the tenant: the user when it holds, null when it does
   * not (counted against the challenge and the account's lock). Recovery codes come back when the step added TOTP.
   */
  async prove(
    token: string,
    clientId: string,
    params: Record<string, string | undefined>,
    ip: string,
  ): Promise<{ user: User; recoveryCodes?: string[] } | { refusal: OAuthError }> {
    const tenantId = this.tenantOfToken(token);
    const challenge = await this.challengeOf(token, clientId);
    const user = await this.authRepo.findUser(tenantId, challenge.user_id);
    if (user?.status !== 1) {
      return { refusal: invalidGrant('auth.mfaExpired') };
    }
    const lockKeys = lockKeysOf(tenantId, user.account, ip);
    const lock = await lockRefusal(this.authRepo, lockKeys);
    if (lock) {
      return { refusal: lock };
    }
    const factors = await this.repo.factors(tenantId, user.id);
    const good = await this.check(
      tenantId,
      user.id,
      factors,
      params,
      challenge.setup,
      challenge.webauthn_challenge,
    );
    const hash = sha256Hex(token);
    if (!good) {
      if ((await this.repo.failChallenge(hash)) >= CHALLENGE_TRIES) {
        await this.repo.endChallenge(hash);
      }
      await this.authRepo.recordFailure(lockKeys, LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES);
      return { refusal: invalidGrant('auth.mfaInvalid') };
    }
    if (!(await this.repo.endChallenge(hash))) {
      return { refusal: invalidGrant('auth.mfaExpired') };
    }
    await this.authRepo.clearFailures([lockKeys[0] ?? '']);
    return challenge.setup
      ? { user, recoveryCodes: await this.newRecoveryCodes(tenantId, user.id) }
      : { user };
  }

  private async check(
    tenantId: string,
    userId: string,
    factors: Factor[],
    params: Record<string, string | undefined>,
    setup: boolean,
    webauthnChallenge: string,
  ): Promise<boolean> {
    if (params.otp) {
      // During setup the pending secret is the one the user just scanned.
      const totp = factors.filter((f) => f.kind === 'totp' && f.confirmed !== setup);
      return this.takeTotp(totp, params.otp);
    }
    if (params.recovery_code && !setup) {
      return this.repo.spendRecoveryCode(tenantId, userId, recoveryHash(params.recovery_code));
    }
    if (params.passkey && !setup) {
      const passkeys = factors.filter((f) => f.kind === 'passkey');
      const proven = await this.passkeys.verifyAssertion(params.passkey, webauthnChallenge, passkeys);
      return proven ? this.repo.usePasskey(proven.factor.id, proven.counter) : false;
    }
    return false;
  }

  /** Whether a code matches one of these TOTP factors in a step not used before; takes that step. */
  async takeTotp(factors: Factor[], code: string): Promise<boolean> {
    for (const factor of factors) {
      const step = matchTotp(this.box.open(factor.secret), code.trim(), Date.now(), Number(factor.last_step));
      if (step !== null) {
        return this.repo.takeStep(factor.id, step);
      }
    }
    return false;
  }

  /** Inside a scope of the tenant: ten new recovery codes (the old ones stop working); only digests are kept. */
  async newRecoveryCodes(tenantId: string, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.repo.replaceRecoveryCodes(tenantId, userId, codes.map(recoveryHash));
    // A confirmed TOTP replaces any earlier one.
    const totp = (await this.repo.factors(tenantId, userId)).filter((f) => f.kind === 'totp');
    const newest = totp.filter((f) => f.confirmed).at(-1);
    const stale = totp.filter((f) => f.id !== newest?.id).map((f) => f.id);
    if (stale.length > 0) {
      await this.repo.removeFactors(tenantId, userId, stale);
    }
    return codes;
  }

  /** Inside a scope of the tenant: a new pending TOTP secret (replacing an unconfirmed one). */
  async addPendingTotp(tenantId: string, userId: string, secret: string): Promise<void> {
    await this.repo.dropPendingTotp(tenantId, userId);
    await this.repo.addFactor({
      id: nextId(),
      tenant_id: tenantId,
      user_id: userId,
      kind: 'totp',
      secret: this.box.seal(secret),
    });
  }

  /** Inside a scope of the tenant. */
  async status(tenantId: string, user: Pick<User, 'id' | 'role_id'>): Promise<MfaStatus> {
    const policy = await this.policy(tenantId);
    const factors = await this.repo.factors(tenantId, user.id);
    return {
      policy,
      required: await this.required(tenantId, user, policy),
      totp: factors.some((f) => f.kind === 'totp' && f.confirmed),
      recoveryCodesLeft: await this.repo.unusedRecoveryCodes(tenantId, user.id),
      passkeys: factors
        .filter((f) => f.kind === 'passkey')
        .map((f) => ({
          id: f.id,
          name: f.name,
          createTime: new Date(f.create_time).toISOString(),
          lastUsedAt: f.last_used_at ? new Date(f.last_used_at).toISOString() : null,
        })),
    };
  }
}
