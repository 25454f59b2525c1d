import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { z } from 'zod';
import { providerClient } from '../../../lib/provider-http/call-provider.ts';
import type { SocialProvider } from './social-config.ts';

/** A provider that failed or answered something unusable; the message names the provider, never a secret. */
export class SocialProviderError extends Error {
  constructor(
    readonly source: string,
    detail: string,
  ) {
    super(`${source}: ${detail}`);
  }
}

const http = providerClient(10_000, (source, detail) => new SocialProviderError(source, detail));

const discovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
});
type Discovery = z.infer<typeof discovery>;

const tokenAnswer = z.object({ access_token: z.string().min(1), id_token: z.string().min(1) });
const userInfo = z.looseObject({
  sub: z.string().min(1).max(255),
  preferred_username: z.string().optional(),
  name: z.string().optional(),
  nickname: z.string().optional(),
  email: z.string().optional(),
  picture: z.string().optional(),
});

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

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const clip = (v: string | undefined, max: number) => (v ?? '').slice(0, max);

/**
 * The relying-party side of OpenID Connect's authorization code flow (with PKCE and a nonce) for one provider.
 * The provider's metadata and keys are fetched once and kept; the ID token is verified (signature, issuer,
 * audience, expiry, nonce) before the user-info endpoint is asked for the profile.
 */
export class OidcClient {
  private meta: Promise<Discovery> | undefined;
  private keys: JWTVerifyGetKey | undefined;

  constructor(
    readonly source: string,
    private readonly provider: SocialProvider,
    private readonly redirectUri: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private metadata(): Promise<Discovery> {
    this.meta ??= this.load().catch((error: unknown) => {
      this.meta = undefined;
      throw error;
    });
    return this.meta;
  }

  private async load(): Promise<Discovery> {
    const url = `${this.provider.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const reply = await http.call(this.source, this.fetchImpl, url, { method: 'GET' }, []);
    const parsed = reply.ok ? discovery.safeParse(safeJson(reply.body)) : undefined;
    if (!parsed?.success) {
      throw new SocialProviderError(this.source, `discovery answered ${reply.status}`);
    }
    return parsed.data;
  }

  /** A fresh verifier and nonce, and the URL that sends the browser to the provider. */
  async authorizationUrl(state: string): Promise<{ url: string; pending: Pending }> {
    const meta = await this.metadata();
    const pending = {
      verifier: randomBytes(32).toString('base64url'),
      nonce: randomBytes(16).toString('base64url'),
    };
    const url = new URL(meta.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.provider.clientId,
      redirect_uri: this.redirectUri,
      scope: this.provider.scope,
      state,
      nonce: pending.nonce,
      code_challenge: challengeOf(pending.verifier),
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.toString(), pending };
  }

  /** Exchanges the callback's code and returns the verified identity. */
  async identify(code: string, pending: Pending): Promise<SocialIdentity> {
    const meta = await this.metadata();
    const secrets = [this.provider.clientSecret, code];
    const basic = Buffer.from(
      `${encodeURIComponent(this.provider.clientId)}:${encodeURIComponent(this.provider.clientSecret)}`,
    ).toString('base64');
    const reply = await http.call(
      this.source,
      this.fetchImpl,
      meta.token_endpoint,
      {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: this.redirectUri,
          code_verifier: pending.verifier,
        }).toString(),
      },
      secrets,
    );
    const tokens = reply.ok ? tokenAnswer.safeParse(safeJson(reply.body)) : undefined;
    if (!tokens?.success) {
      throw http.error(this.source, `token endpoint answered ${reply.status}`, secrets);
    }
    this.keys ??= createRemoteJWKSet(new URL(meta.jwks_uri));
    let subject: string;
    try {
      const { payload } = await jwtVerify(tokens.data.id_token, this.keys, {
        issuer: meta.issuer,
        audience: this.provider.clientId,
      });
      if (payload.nonce !== pending.nonce || !payload.sub) {
        throw new Error('nonce');
      }
      subject = payload.sub;
    } catch {
      throw new SocialProviderError(this.source, 'the ID token did not verify');
    }
    const profile = meta.userinfo_endpoint
      ? await this.userInfo(meta.userinfo_endpoint, tokens.data.access_token)
      : { sub: subject };
    if (profile.sub !== subject) {
      throw new SocialProviderError(this.source, 'user info names another subject');
    }
    return {
      uuid: subject,
      username: clip(profile.preferred_username ?? profile.email, 255),
      nickname: clip(profile.name ?? profile.nickname ?? profile.preferred_username, 255),
      email: clip(profile.email, 255),
      avatar: /^https?:\/\//.test(profile.picture ?? '') ? clip(profile.picture, 1024) : '',
    };
  }

  private async userInfo(endpoint: string, accessToken: string) {
    const reply = await http.call(
      this.source,
      this.fetchImpl,
      endpoint,
      { method: 'GET', headers: { authorization: `Bearer ${accessToken}` } },
      [accessToken],
    );
    const parsed = reply.ok ? userInfo.safeParse(safeJson(reply.body)) : undefined;
    if (!parsed?.success) {
      throw new SocialProviderError(this.source, `user info answered ${reply.status}`);
    }
    return parsed.data;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
