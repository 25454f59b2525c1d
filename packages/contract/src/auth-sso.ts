import { z } from 'zod';
import { verifyCode } from './auth-phone.ts';
import { secret } from './secret.ts';

/**
 * oauth/authorize: a signed-in user lets an application (an OAuth client with the authorization_code grant and
 * this redirect_uri registered) sign them in. The answer is the redirect carrying the one-time code, or — when the
 * tenant asks for an e-mailed code first (param sso.emailVerify = true) — an ssoCode for oauth/checkEmailVerifyCode.
 */
export const ssoAuthorize = z.strictObject({
  client_id: z.string().trim().min(1).max(64),
  redirect_uri: z.url({ protocol: /^https?$/ }).max(1024),
  response_type: z.literal('code').optional(),
  state: z.string().max(512).optional(),
  scope: z.string().max(255).optional(),
});
export type SsoAuthorize = z.infer<typeof ssoAuthorize>;

/** oauth/checkEmailVerifyCode: the e-mailed code and the ssoCode of the pending authorization. */
export const checkEmailVerifyCode = z.strictObject({
  verCode: secret(verifyCode),
  // With the mailed code it completes the sign-in: as secret as the code.
  ssoCode: secret(z.string().min(1).max(128)),
});
export type CheckEmailVerifyCode = z.infer<typeof checkEmailVerifyCode>;

export type SsoAnswer = { redirect: string } | { ssoCode: string; email: string };

/** The tenant parameter that makes single sign-on ask for an e-mailed code. */
export const SSO_EMAIL_VERIFY_PARAM = 'sso.emailVerify';
