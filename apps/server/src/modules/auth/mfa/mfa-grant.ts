import type { TokenResponse } from '@yuan/contract';
import type { Database } from '../../../db/index.ts';
import type { Client } from '../client-auth.ts';
import type { TokenService } from '../token.service.ts';
import { requiredParam, type TokenRequest } from '../token-request.ts';
import type { MfaService } from './mfa.service.ts';

/**
 * grant_type=mfa: the second step of a sign-in, proven by a TOTP code, a recovery code or a passkey's assertion.
 * The proof's failures commit before the refusal is thrown (they count towards the lock).
 */
export async function mfaGrant(
  database: Database,
  mfa: MfaService,
  tokens: TokenService,
  req: TokenRequest,
  client: Client,
): Promise<TokenResponse> {
  const token = requiredParam(req.params, 'mfa_token', 128);
  const tenantId = mfa.tenantOfToken(token);
  const outcome = await database.run({ tenantId }, () =>
    mfa.prove(token, client.client_id, req.params, req.ip),
  );
  if ('refusal' in outcome) {
    throw outcome.refusal;
  }
  const answer = await tokens.startSession(tenantId, outcome.user, client, req, async () => undefined, true);
  return outcome.recoveryCodes ? { ...answer, recovery_codes: outcome.recoveryCodes } : answer;
}
