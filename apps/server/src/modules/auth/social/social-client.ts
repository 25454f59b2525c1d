import { createHash, randomBytes } from 'node:crypto';
import { parseJson, providerClient, viaFetch } from '../../../lib/provider-http/call-provider.ts';

/** A provider that failed or answered something unusable; the message names the provider, never a secret. */
export class SocialProviderError extends Error {
  constructor(
    readonly source: string,
    detail: string,
  ) {
    super(`${source}: ${detail}`);
  }
}

export const socialHttp = providerClient(10_000, (source, detail) => new SocialProviderError(source, detail));

/** Who the provider says signed in. */
export interface SocialIdentity {
  uuid: string;
  username: string;
  nickname: string;
  email: string;
  avatar: string;
}

/** What a sign-in keeps between the redirect and the callback: the PKCE verifier and the nonce. */
export interface Pending {
  verifier: string;
  nonce: string;
}

/** One provider's side of the authorization code flow. */
export interface SocialClient {
  authorizationUrl(state: string): Promise<{ url: string; pending: Pending }>;
  identify(code: string, pending: Pending): Promise<SocialIdentity>;
}

/** Where a client sends the browser back, and with which credentials it redeems the code. */
export interface ClientSettings {
  source: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  redirectUri: string;
  fetchImpl: typeof fetch;
}

export const clip = (v: unknown, max: number) =>
  (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '').slice(0, max);

/** The authorization URL with state, a fresh PKCE challenge (S256) and nonce; providers ignore what they lack. */
export function authorizationRequest(
  endpoint: string,
  s: ClientSettings,
  state: string,
): { url: string; pending: Pending } {
  const pending = {
    verifier: randomBytes(32).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
  };
  const url = new URL(endpoint);
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: s.clientId,
    redirect_uri: s.redirectUri,
    state,
    nonce: pending.nonce,
    code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  if (s.scope) {
    params.set('scope', s.scope);
  }
  url.search = params.toString();
  return { url: url.toString(), pending };
}

/**
 * Redeems the code at the token endpoint with the PKCE verifier; the parsed JSON answer. OpenID providers take the
 * client's credentials as HTTP Basic (client_secret_basic); GitHub and Gitee want them in the form
 * (client_secret_post).
 */
export async function redeemCode(
  tokenUrl: string,
  s: ClientSettings,
  code: string,
  pending: Pending,
  clientAuth: 'basic' | 'post',
): Promise<unknown> {
  const secrets = [s.clientSecret, code];
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: s.redirectUri,
    code_verifier: pending.verifier,
  });
  const headers: Record<string, string> = {
    // GitHub answers form-encoded unless JSON is asked for.
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (clientAuth === 'basic') {
    const pair = `${encodeURIComponent(s.clientId)}:${encodeURIComponent(s.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    form.set('client_id', s.clientId);
    form.set('client_secret', s.clientSecret);
  }
  const reply = await socialHttp.call(
    s.source,
    viaFetch(s.fetchImpl),
    tokenUrl,
    { method: 'POST', headers, body: form.toString() },
    secrets,
  );
  if (!reply.ok) {
    throw socialHttp.error(s.source, `token endpoint answered ${reply.status}`, secrets);
  }
  return parseJson(reply.body);
}

/** GETs a user-info endpoint with the access token; the parsed JSON answer. */
export async function fetchUserInfo(url: string, s: ClientSettings, accessToken: string): Promise<unknown> {
  const reply = await socialHttp.call(
    s.source,
    viaFetch(s.fetchImpl),
    url,
    { method: 'GET', headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    [accessToken],
  );
  if (!reply.ok) {
    throw new SocialProviderError(s.source, `user info answered ${reply.status}`);
  }
  return parseJson(reply.body);
}
