import { z } from 'zod';
import { secret } from './secret.ts';

/**
 * Parameters of POST /api/yuan-auth/oauth/token (query string, form body or JSON, merged). The endpoint reads and
 * checks them itself, grant by grant; this declaration says which of them are secret, for the logs.
 */
export const tokenParams = z.looseObject({
  grant_type: z.enum([
    'password',
    'refresh_token',
    'captcha',
    'social',
    'authorization_code',
    'phone',
    'mfa',
  ]),
  tenantId: z.string().max(12).optional(),
  username: z.string().max(64).optional(),
  password: secret(z.string().max(128)).optional(),
  scope: z.string().max(64).optional(),
  type: z.string().max(32).optional(),
  refresh_token: secret(z.string().max(512)).optional(),
  // The third party's or the single sign-on's one-time code, and a client's secret sent as a parameter.
  code: secret(z.string().max(2048)).optional(),
  client_secret: secret(z.string().max(1024)).optional(),
  state: z.string().max(256).optional(),
  source: z.string().max(32).optional(),
  redirect_uri: z.string().max(1024).optional(),
  client_id: z.string().max(64).optional(),
  // The second sign-in step (grant mfa): its token, and one proof: a TOTP code, a recovery code or a passkey's
  // assertion (JSON).
  mfa_token: secret(z.string().max(128)).optional(),
  otp: secret(z.string().max(16)).optional(),
  recovery_code: secret(z.string().max(32)).optional(),
  passkey: secret(z.string().max(8192)).optional(),
});
export type TokenParams = z.infer<typeof tokenParams>;

/** Successful token response: the user info fields of SPEC §3 plus the OAuth fields. */
export interface TokenResponse {
  user_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  role_id: string;
  dept_id: string;
  post_id: string;
  tenant_id: string;
  tenant_code: string;
  oauth_id: string;
  avatar: string;
  /** Third-party sign-in of a guest: the provider's address, to prefill the registration dialog. */
  email?: string;
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
  license: string;
  /** A second factor added during this sign-in (the tenant required one): its recovery codes, shown once. */
  recovery_codes?: string[];
}

/** The second sign-in step's refusal of the first: HTTP 401 with this body (issue: strong sign-in). */
export interface MfaRequired {
  error: 'mfa_required';
  error_description: string;
  mfa_token: string;
  /** What completes it: `totp`, `recovery_code`, `passkey`; with `setup`, the factor to add first. */
  methods: MfaMethod[];
  setup?: boolean;
}

export type MfaMethod = 'totp' | 'recovery_code' | 'passkey';

/** Tenant parameter: who must sign in with a second factor. */
export const MFA_PARAM = 'auth.mfa';
export const MFA_POLICIES = ['off', 'optional', 'admins', 'all'] as const;
export type MfaPolicy = (typeof MFA_POLICIES)[number];

/** SPEC §2: a sign-in without a user id, or with a negative one, is a guest (shown the registration dialog). */
export function isGuestUserId(userId: string | null | undefined): boolean {
  return !userId || userId.startsWith('-');
}

export interface TokenError {
  error: string;
  error_description: string;
}

export interface SlideCaptcha {
  key: string;
  /** Data URL of the background with the hole. */
  background: string;
  /** Data URL of the piece to drag. */
  piece: string;
  width: number;
  height: number;
  pieceSize: number;
  /** Vertical position of the piece; the user finds the horizontal offset. */
  y: number;
}

export interface ImageCaptcha {
  key: string;
  image: string;
}

/** Public settings the web needs before login. */
export interface AppConfig {
  clientId: string;
  clientSecret: string;
  tenantMode: boolean;
  switchMode: boolean;
  captchaMode: 'slide' | 'image' | 'off';
  tokenTime: number;
  /** Map tile address with {z}/{x}/{y} (e.g. an in-house tile server); without it the map field shows no tiles. */
  mapTileUrl?: string;
}

/** Entries of the client error log, uploaded with POST oauth/logout or on their own. */
export const clientLogEntry = z.object({
  type: z.string().max(64),
  url: z.string().max(2048).optional().default(''),
  message: z.string().max(4000).optional().default(''),
  stack: z.string().max(20_000).optional().default(''),
  info: z.string().max(4000).optional().default(''),
  time: z.string().max(64).optional().default(''),
});
export type ClientLogEntry = z.infer<typeof clientLogEntry>;
export const clientLogList = z.array(clientLogEntry).max(200);
