import { MFA_API, type MfaStatus, type TokenResponse } from '@yuan/contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { call, request } from './http.ts';

export type MfaProof = { otp: string } | { recovery_code: string } | { passkey: string };

/** grant_type=mfa: completes a sign-in with its second step. */
export function loginByMfa(mfaToken: string, proof: MfaProof): Promise<TokenResponse> {
  return request<TokenResponse>('/api/yuan-auth/oauth/token', {
    method: 'POST',
    auth: false,
    params: { grant_type: 'mfa', mfa_token: mfaToken, ...proof },
  });
}

export const signInPasskeyOptions = (mfaToken: string) =>
  request<PublicKeyCredentialRequestOptionsJSON>(MFA_API.signInPasskeyOptions, {
    method: 'POST',
    auth: false,
    body: { mfa_token: mfaToken },
  });

export const signInTotpSetup = (mfaToken: string) =>
  request<{ secret: string; otpauthUrl: string }>(MFA_API.signInTotpSetup, {
    method: 'POST',
    auth: false,
    body: { mfa_token: mfaToken },
  });

export const mfaStatus = () => call<MfaStatus>(MFA_API.status);

export const totpSetup = () =>
  call<{ secret: string; otpauthUrl: string }>(MFA_API.totpSetup, { method: 'POST' });

export const totpConfirm = (code: string) =>
  call<{ recoveryCodes: string[] }>(MFA_API.totpConfirm, { method: 'POST', body: { code } });

export const removeFactor = (body: {
  kind: 'totp' | 'passkey';
  id?: string;
  password?: string;
  code?: string;
}) => call<boolean>(MFA_API.remove, { method: 'POST', body });

export const passkeyOptions = () =>
  call<PublicKeyCredentialCreationOptionsJSON>(MFA_API.passkeyOptions, { method: 'POST' });

export const passkeyRegister = (name: string, response: RegistrationResponseJSON) =>
  call<{ id: string }>(MFA_API.passkeyRegister, { method: 'POST', body: { name, response } });

export const resetFactors = (userIds: string[]) =>
  call<boolean>(MFA_API.reset, { method: 'POST', body: { userIds } });
