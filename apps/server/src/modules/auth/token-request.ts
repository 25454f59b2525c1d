import type { TokenResponse } from '@yuan/contract';
import { missingParam } from '../../lib/errors.ts';
import type { Client } from './client-auth.ts';

/** A call of the token endpoint as every grant reads it. */
export interface TokenRequest {
  params: Record<string, string | undefined>;
  authorization: string | undefined;
  tenantHeader: string | undefined;
  captchaKey: string | undefined;
  captchaCode: string | undefined;
  ip: string;
  userAgent: string;
  /** The Cookie header (third-party sign-in checks the cookie that started it). */
  cookie?: string;
}

/** A grant type served by another service (social, authorization_code): the client is already authenticated. */
export type GrantHandler = (req: TokenRequest, client: Client) => Promise<TokenResponse>;

/** A token-endpoint parameter that must be present and at most `max` characters long. */
export function requiredParam(params: TokenRequest['params'], name: string, max: number): string {
  const value = params[name];
  if (!value || value.length > max) {
    throw missingParam(name);
  }
  return value;
}
