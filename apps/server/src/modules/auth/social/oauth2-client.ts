import { z } from 'zod';
import { asRecord } from '../../../lib/provider-http/call-provider.ts';
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
} from './social-client.ts';
import type { OAuth2Provider } from './social-config.ts';

const tokenAnswer = z.object({ access_token: z.string().min(1) });

/**
 * A plain OAuth 2 provider (no ID token): the identity is the user-info answer's id field, read with the access
 * token the code was redeemed for. Field names are configured (GitHub's and Gitee's by default).
 */
export class OAuth2Client implements SocialClient {
  constructor(
    private readonly provider: OAuth2Provider,
    private readonly s: ClientSettings,
  ) {}

  async authorizationUrl(state: string) {
    return authorizationRequest(this.provider.authorizationUrl, this.s, state);
  }

  async identify(code: string, pending: Pending): Promise<SocialIdentity> {
    const tokens = tokenAnswer.safeParse(
      await redeemCode(this.provider.tokenUrl, this.s, code, pending, 'post'),
    );
    if (!tokens.success) {
      throw new SocialProviderError(this.s.source, 'the token endpoint gave no access token');
    }
    const info = await fetchUserInfo(this.provider.userInfoUrl, this.s, tokens.data.access_token);
    const profile = asRecord(info);
    const f = this.provider.fields;
    const uuid = clip(profile[f.id], 255);
    if (!uuid) {
      throw new SocialProviderError(this.s.source, `user info has no ${f.id}`);
    }
    const avatar = clip(profile[f.avatar], 1024);
    return {
      uuid,
      username: clip(profile[f.username], 255),
      nickname: clip(profile[f.nickname] || profile[f.username], 255),
      email: clip(profile[f.email], 255),
      avatar: /^https?:\/\//.test(avatar) ? avatar : '',
    };
  }
}
