import { z } from 'zod';
import { idList } from '../envelope.ts';
import { encodeMessage, registerMessage } from '../form-messages.ts';
import { secret } from '../secret.ts';

/** The calls of a user's second factors (ours, not the spec's). */
export const MFA_API = {
  status: '/api/yuan-user/mfa/status',
  totpSetup: '/api/yuan-user/mfa/totp/setup',
  totpConfirm: '/api/yuan-user/mfa/totp/confirm',
  remove: '/api/yuan-user/mfa/remove',
  passkeyOptions: '/api/yuan-user/mfa/passkey/options',
  passkeyRegister: '/api/yuan-user/mfa/passkey/register',
  passkeyList: '/api/yuan-user/mfa/passkey/list',
  reset: '/api/yuan-user/mfa/reset',
  /** The second sign-in step's passkey options (public: the caller holds an mfa_token, not a token). */
  signInPasskeyOptions: '/api/yuan-auth/oauth/mfa/passkey-options',
  /** A user the tenant requires a factor of, with none yet, adds TOTP here before the first token. */
  signInTotpSetup: '/api/yuan-auth/oauth/mfa/totp-setup',
} as const;

const CODE_FORMAT = registerMessage('mfa.codeFormat', ['请输入 6 位数字验证码', 'Enter the 6-digit code']);
const code = secret(
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: encodeMessage(CODE_FORMAT) }),
);

export const mfaConfirmBody = z.strictObject({ code });

/** Removing a factor needs the password or a current TOTP code (one of them). */
export const mfaRemoveBody = z.strictObject({
  kind: z.enum(['totp', 'passkey']),
  id: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  password: secret(z.string().max(128)).optional(),
  code: secret(z.string().max(16)).optional(),
});

export const passkeyRegisterBody = z.strictObject({
  name: z.string().trim().min(1).max(64),
  // The browser's registration response (RegistrationResponseJSON): checked by the WebAuthn library.
  response: z.looseObject({ id: z.string().max(1024), type: z.literal('public-key') }),
});

export const mfaResetBody = z.strictObject({ userIds: idList });

/** A second-step token, for the public sign-in calls. */
export const mfaTokenBody = z.strictObject({ mfa_token: secret(z.string().min(1).max(128)) });

export interface MfaStatus {
  policy: 'off' | 'optional' | 'admins' | 'all';
  /** The tenant requires a factor of this user. */
  required: boolean;
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeyInfo[];
}

export interface PasskeyInfo {
  id: string;
  name: string;
  createTime: string;
  lastUsedAt: string | null;
}
