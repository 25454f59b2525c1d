import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { z } from 'zod';
import { parseJson, viaFetch } from '../../../lib/provider-http/call-provider.ts';
import {
  authorizationRequest,
  type ClientSettings,
  clip,
  fetchUserInfo,
  type Pending,
  redeemCode,
  type SocialClient,
  type SocialIdentity,
  SocialProviderError,
  socialHttp,
} from './social-client.ts';

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

/**
 * The relying-party side of OpenID Connect's authorization code flow (with PKCE and a nonce). The provider's
 * metadata and keys are fetched once and kept; the ID token is verified (signature, issuer, audience, expiry,
 * nonce) before the user-info endpoint is asked for the profile.
 */
export class OidcClient implements SocialClient {
  private meta: Promise<Discovery> | undefined;
  private keys: JWTVerifyGetKey | undefined;

  constructor(
    private readonly issuer: string,
    private readonly s: ClientSettings,
  ) {}

  private metadata(): Promise<Discovery> {
    this.meta ??= this.load().catch((error: unknown) => {
      this.meta = undefined;
      throw error;
    });
    return this.meta;
  }

  private async load(): Promise<Discovery> {
    const url = `${this.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const reply = await socialHttp.call(
      this.s.source,
      viaFetch(this.s.fetchImpl),
      url,
      { method: 'GET' },
      [],
    );
    const parsed = reply.ok ? discovery.safeParse(parseJson(reply.body)) : undefined;
    if (!parsed?.success) {
      throw new SocialProviderError(this.s.source, `discovery answered ${reply.status}`);
    }
    return parsed.data;
  }

  async authorizationUrl(state: string) {
    return authorizationRequest((await this.metadata()).authorization_endpoint, this.s, state);
  }

  async identify(code: string, pending: Pending): Promise<SocialIdentity> {
    const meta = await this.metadata();
    const tokens = tokenAnswer.safeParse(
      await redeemCode(meta.token_endpoint, this.s, code, pending, 'basic'),
    );
    if (!tokens.success) {
      throw new SocialProviderError(this.s.source, 'the token endpoint gave no ID token');
    }
    this.keys ??= createRemoteJWKSet(new URL(meta.jwks_uri));
    let subject: string;
    try {
      const { payload } = await jwtVerify(tokens.data.id_token, this.keys, {
        issuer: meta.issuer,
        audience: this.s.clientId,
      });
      if (payload.nonce !== pending.nonce || !payload.sub) {
        throw new Error('nonce');
      }
      subject = payload.sub;
    } catch {
      throw new SocialProviderError(this.s.source, 'the ID token did not verify');
    }
    let profile: z.infer<typeof userInfo> = { sub: subject };
    if (meta.userinfo_endpoint) {
      const parsed = userInfo.safeParse(
        await fetchUserInfo(meta.userinfo_endpoint, this.s, tokens.data.access_token),
      );
      if (!parsed.success || parsed.data.sub !== subject) {
        throw new SocialProviderError(this.s.source, 'user info names another subject');
      }
      profile = parsed.data;
    }
    return {
      uuid: subject,
      username: clip(profile.preferred_username ?? profile.email, 255),
      nickname: clip(profile.name ?? profile.nickname ?? profile.preferred_username, 255),
      email: clip(profile.email, 255),
      avatar: /^https?:\/\//.test(profile.picture ?? '') ? clip(profile.picture, 1024) : '',
    };
  }
}
