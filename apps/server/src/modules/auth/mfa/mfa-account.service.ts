import type { MfaStatus } from '@yuan/contract';
import type { Database } from '../../../db/index.ts';
import { sha256Hex } from '../../../lib/digest.ts';
import { AppError, badRequest, unauthorized } from '../../../lib/errors.ts';
import { nextId } from '../../../lib/id.ts';
import { verifyPassword } from '../../../lib/password.ts';
import type { AuthContext } from '../../../types.ts';
import type { AuthRepo } from '../auth.repo.ts';
import type { MfaRepo } from './mfa.repo.ts';
import type { MfaService } from './mfa.service.ts';
import { newTotpSecret, otpauthUrl } from './totp.ts';

const ISSUER = 'Yuan Admin';
const REGISTRATION_TTL_MS = 5 * 60_000;

export interface RemoveRequest {
  kind: 'totp' | 'passkey';
  id?: string;
  password?: string;
  code?: string;
}

/** A signed-in user's own factors, and an administrator's reset of someone's. Every call in the caller's scope. */
export class MfaAccountService {
  constructor(
    private readonly database: Database,
    private readonly repo: MfaRepo,
    private readonly authRepo: AuthRepo,
    private readonly mfa: MfaService,
  ) {}

  private async user(tenantId: string, userId: string) {
    const user = await this.authRepo.findUser(tenantId, userId);
    if (!user) {
      throw unauthorized();
    }
    return user;
  }

  async status(ctx: AuthContext): Promise<MfaStatus> {
    return this.mfa.status(ctx.tenantId, await this.user(ctx.tenantId, ctx.userId));
  }

  /** A new TOTP secret to scan; it counts once `confirmTotp` gets a code from it. */
  async setupTotp(tenantId: string, userId: string): Promise<{ secret: string; otpauthUrl: string }> {
    const user = await this.user(tenantId, userId);
    const secret = newTotpSecret();
    await this.mfa.addPendingTotp(tenantId, user.id, secret);
    return { secret, otpauthUrl: otpauthUrl(ISSUER, `${user.account}@${tenantId}`, secret) };
  }

  async confirmTotp(ctx: AuthContext, code: string): Promise<{ recoveryCodes: string[] }> {
    const pending = (await this.repo.factors(ctx.tenantId, ctx.userId)).filter(
      (f) => f.kind === 'totp' && !f.confirmed,
    );
    if (pending.length === 0) {
      throw badRequest('mfa.notFound');
    }
    if (!(await this.mfa.takeTotp(pending, code))) {
      throw badRequest('auth.mfaInvalid');
    }
    return { recoveryCodes: await this.mfa.newRecoveryCodes(ctx.tenantId, ctx.userId) };
  }

  /** Removes TOTP (with its recovery codes) or one passkey, proven by the password or a current TOTP code. */
  async remove(ctx: AuthContext, request: RemoveRequest): Promise<void> {
    const user = await this.user(ctx.tenantId, ctx.userId);
    const factors = await this.repo.factors(ctx.tenantId, ctx.userId);
    if (!request.password && !request.code) {
      throw badRequest('mfa.proofRequired');
    }
    const proven = request.password
      ? await verifyPassword(user.password, request.password)
      : await this.mfa.takeTotp(
          factors.filter((f) => f.kind === 'totp' && f.confirmed),
          request.code ?? '',
        );
    if (!proven) {
      throw badRequest('mfa.proofWrong');
    }
    if (request.kind === 'totp') {
      await this.repo.removeFactors(
        ctx.tenantId,
        ctx.userId,
        factors.filter((f) => f.kind === 'totp').map((f) => f.id),
      );
      await this.repo.clearRecoveryCodes(ctx.tenantId, ctx.userId);
      return;
    }
    const passkey = factors.find((f) => f.kind === 'passkey' && f.id === request.id);
    if (!passkey) {
      throw new AppError(404, 'mfa.notFound');
    }
    await this.repo.removeFactors(ctx.tenantId, ctx.userId, [passkey.id]);
  }

  /** An administrator clears users' factors: they sign in with the password alone (or set a factor up again). */
  async reset(ctx: AuthContext, userIds: string[]): Promise<void> {
    for (const userId of userIds) {
      await this.repo.removeFactors(ctx.tenantId, userId);
      await this.repo.clearRecoveryCodes(ctx.tenantId, userId);
    }
  }

  private registrationKey = (ctx: AuthContext) => sha256Hex(`passkey-registration:${ctx.sessionId}`);

  async passkeyOptions(ctx: AuthContext, origin: string | undefined) {
    const user = await this.user(ctx.tenantId, ctx.userId);
    const existing = (await this.repo.factors(ctx.tenantId, ctx.userId)).filter((f) => f.kind === 'passkey');
    const options = await this.mfa.passkeys.registrationOptions(origin, user, existing);
    const key = this.registrationKey(ctx);
    await this.repo.endChallenge(key);
    await this.repo.addChallenge({
      token_hash: key,
      tenant_id: ctx.tenantId,
      user_id: ctx.userId,
      client_id: ctx.clientId,
      webauthn_challenge: options.challenge,
      expires_at: new Date(Date.now() + REGISTRATION_TTL_MS),
    });
    return options;
  }

  async registerPasskey(
    ctx: AuthContext,
    name: string,
    response: Parameters<MfaService['passkeys']['verifyRegistration']>[0],
  ): Promise<{ id: string }> {
    const key = this.registrationKey(ctx);
    const challenge = await this.repo.liveChallenge(key);
    if (!challenge || challenge.user_id !== ctx.userId) {
      throw badRequest('mfa.noChallenge');
    }
    await this.repo.endChallenge(key);
    const credential = await this.mfa.passkeys.verifyRegistration(response, challenge.webauthn_challenge);
    if (!credential) {
      throw badRequest('mfa.passkeyFailed');
    }
    const id = nextId();
    await this.repo.addFactor({
      id,
      tenant_id: ctx.tenantId,
      user_id: ctx.userId,
      kind: 'passkey',
      name,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: String(credential.counter),
      transports: (credential.transports ?? []).join(','),
      confirmed: true,
    });
    return { id };
  }

  /** The second sign-in step's passkey options (public): the challenge is kept on the second step's row. */
  signInPasskeyOptions(token: string, origin: string | undefined) {
    const tenantId = this.mfa.tenantOfToken(token);
    return this.database.run({ tenantId }, async () => {
      const challenge = await this.mfa.challengeOf(token);
      const passkeys = (await this.repo.factors(tenantId, challenge.user_id)).filter(
        (f) => f.kind === 'passkey',
      );
      const options = await this.mfa.passkeys.authenticationOptions(origin, passkeys);
      await this.repo.setWebauthnChallenge(sha256Hex(token), options.challenge);
      return options;
    });
  }

  /** A user the tenant requires a factor of, with none yet: the TOTP secret to add before the first token. */
  signInTotpSetup(token: string) {
    const tenantId = this.mfa.tenantOfToken(token);
    return this.database.run({ tenantId }, async () => {
      const challenge = await this.mfa.challengeOf(token);
      if (!challenge.setup) {
        throw badRequest('mfa.notFound');
      }
      return this.setupTotp(tenantId, challenge.user_id);
    });
  }
}
