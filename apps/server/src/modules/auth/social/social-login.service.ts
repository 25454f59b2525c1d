import { randomBytes } from 'node:crypto';
import type { TokenResponse } from '@yuan/contract';
import type { Database } from '../../../db/index.ts';
import { sameDigest, sha256Hex } from '../../../lib/digest.ts';
import { AppError, invalidGrant, OAuthError } from '../../../lib/errors.ts';
import type { AuthRepo } from '../auth.repo.ts';
import type { Client } from '../client-auth.ts';
import { requiredParam, type TokenRequest } from '../token-request.ts';
import type { TokenService } from '../token.service.ts';
import { OAuth2Client } from './oauth2-client.ts';
import { OidcClient } from './oidc-client.ts';
import type { SocialRepo } from './social.repo.ts';
import { type SocialClient, SocialProviderError } from './social-client.ts';
import { SOCIAL_CALLBACK_PATH, type SocialConfig } from './social-config.ts';

/** The cookie that ties a callback to the browser that started the sign-in (against login CSRF). */
export const SOCIAL_COOKIE = 'yuan_social';
const STATE_TTL_MS = 10 * 60_000;

function cookieValue(header: string | undefined, name: string): string {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      return rest.join('=');
    }
  }
  return '';
}

/**
 * Third-party sign-in (OpenID Connect or plain OAuth 2): `render` sends the browser to the provider with a
 * single-use state bound to a cookie; the token endpoint's `social` grant spends the state, has the provider prove
 * the identity, and signs in its linked user — or, for an identity nobody has registered yet, a guest who may only
 * register.
 */
export class SocialLoginService {
  private readonly clients = new Map<string, SocialClient>();

  constructor(
    private readonly config: SocialConfig,
    private readonly database: Database,
    private readonly repo: SocialRepo,
    private readonly authRepo: AuthRepo,
    private readonly tokens: TokenService,
    fetchImpl: typeof fetch = fetch,
  ) {
    const redirectUri = `${config.publicUrl}${SOCIAL_CALLBACK_PATH}`;
    for (const [source, provider] of Object.entries(config.providers)) {
      const settings = { ...provider, source, redirectUri, fetchImpl };
      this.clients.set(
        source,
        provider.kind === 'oidc'
          ? new OidcClient(provider.issuer, settings)
          : new OAuth2Client(provider, settings),
      );
    }
  }

  /** The providers the login page offers. */
  sources(): { source: string; name: string }[] {
    return Object.entries(this.config.providers).map(([source, p]) => ({ source, name: p.name }));
  }

  /** The provider's authorization URL and the cookie value the callback must come back with. */
  async render(source: string, tenantId: string): Promise<{ url: string; browserKey: string }> {
    const client = this.clients.get(source);
    if (!client) {
      throw new AppError(400, 'social.unknownSource');
    }
    const state = randomBytes(24).toString('base64url');
    const browserKey = randomBytes(24).toString('base64url');
    const { url, pending } = await this.providerCall(source, () => client.authorizationUrl(state));
    await this.database.run({ tenantId }, async () => {
      const refusal = await this.tokens.checkTenant(tenantId);
      if (refusal) {
        throw new AppError(400, refusal);
      }
      await this.repo.addState({
        tenant_id: tenantId,
        state_hash: sha256Hex(state),
        source,
        browser_hash: sha256Hex(browserKey),
        verifier: pending.verifier,
        nonce: pending.nonce,
        expires_at: new Date(Date.now() + STATE_TTL_MS),
      });
    });
    return { url, browserKey };
  }

  /** The token endpoint's `social` grant (source, code, state). */
  async grant(req: TokenRequest, client: Client): Promise<TokenResponse> {
    const code = requiredParam(req.params, 'code', 2048);
    const state = requiredParam(req.params, 'state', 256);
    const source = req.params.source;
    // The state names its tenant only through an unguessable digest, so the look-up spans tenants.
    const pending = await this.database.run({ allTenants: true }, () =>
      this.repo.consumeState(sha256Hex(state)),
    );
    const browser = cookieValue(req.cookie, SOCIAL_COOKIE);
    if (!pending || !browser || !sameDigest(pending.browser_hash, sha256Hex(browser))) {
      throw invalidGrant('social.stateInvalid');
    }
    if (source && source !== pending.source) {
      throw invalidGrant('social.stateInvalid');
    }
    const provider = this.clients.get(pending.source);
    if (!provider) {
      throw invalidGrant('social.unknownSource');
    }
    const who = await this.providerCall(pending.source, () => provider.identify(code, pending));
    const tenantId = pending.tenant_id;
    const found = await this.database.run({ tenantId }, async () => {
      const refusal = await this.tokens.checkTenant(tenantId);
      if (refusal) {
        return { refusal };
      }
      const identity = await this.repo.upsertIdentity(tenantId, pending.source, who);
      const user = identity.user_id ? await this.authRepo.findUser(tenantId, identity.user_id) : undefined;
      if (identity.user_id && !user) {
        // The linked account was removed: the identity is free to register again.
        await this.repo.link(tenantId, identity.id, null);
      }
      return { identity, user };
    });
    if (found.refusal) {
      throw invalidGrant(found.refusal);
    }
    const { identity, user } = found;
    if (!user) {
      return this.tokens.startGuestSession(tenantId, identity, client, req);
    }
    if (user.status !== 1) {
      throw invalidGrant('auth.userDisabled');
    }
    return this.tokens.startSession(tenantId, user, client, req);
  }

  private async providerCall<T>(source: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof SocialProviderError) {
        throw new OAuthError(502, 'server_error', 'social.providerFailed', { source });
      }
      throw error;
    }
  }
}
