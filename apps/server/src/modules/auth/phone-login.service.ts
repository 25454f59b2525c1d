import { phoneLogin, type TokenResponse } from '@yuan/contract';
import type { Database } from '../../db/index.ts';
import { FieldError, invalidGrant } from '../../lib/errors.ts';
import type { SmsService } from '../resource/index.ts';
import type { AuthRepo } from './auth.repo.ts';
import type { TokenRequest } from './token-request.ts';
import type { TokenService } from './token.service.ts';
import type { VerifyCodeService } from './verify-code.service.ts';

/**
 * oauth/phone: without a code it texts a sign-in code to the phone; with one, it signs the phone's account in.
 * The answer to a request for a code is the same whether an account has the number, so numbers cannot be probed.
 */
export class PhoneLoginService {
  constructor(
    private readonly database: Database,
    private readonly repo: AuthRepo,
    private readonly tokens: TokenService,
    private readonly codes: VerifyCodeService,
    private readonly sms: SmsService,
  ) {}

  async handle(req: TokenRequest): Promise<{ sent: true } | TokenResponse> {
    const client = await this.tokens.authenticateClient(req.authorization);
    const parsed = phoneLogin.safeParse(req.params);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new FieldError(String(issue?.path[0] ?? ''), issue?.message ?? '');
    }
    const { phone, code } = parsed.data;
    const tenantId = this.tokens.tenantOf(req);
    const refusal = await this.database.run({ tenantId }, () => this.tokens.checkTenant(tenantId));
    if (refusal) {
      throw invalidGrant(refusal);
    }
    if (code === undefined) {
      // The tenant's SMS service first: its absence says nothing about the number.
      const config = await this.sms.load(tenantId);
      const issued = await this.database.run({ tenantId }, async () => ({
        code: await this.codes.issue(tenantId, 'phone-login', phone, req.ip),
        user: await this.repo.findUserByPhone(tenantId, phone),
      }));
      if (issued.user) {
        await this.sms.deliver(config, { phones: [phone], params: { code: issued.code } });
      }
      return { sent: true };
    }
    // The try is counted (and a right code spent) in a scope of its own, before any refusal.
    const checked = await this.database.run({ tenantId }, async () => ({
      right: await this.codes.verify(tenantId, 'phone-login', phone, code),
      user: await this.repo.findUserByPhone(tenantId, phone),
    }));
    if (!checked.right || !checked.user) {
      throw invalidGrant('code.invalid');
    }
    if (checked.user.status !== 1) {
      throw invalidGrant('auth.userDisabled');
    }
    return this.tokens.startSession(tenantId, checked.user, client, req);
  }
}
