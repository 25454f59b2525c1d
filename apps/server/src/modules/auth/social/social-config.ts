import { jsonText } from '@yuan/contract';
import { z } from 'zod';
import { ConfigError } from '../../../config.ts';

interface ProviderBase {
  clientId: string;
  clientSecret: string;
  /** Shown on the login page's button. */
  name: string;
  scope: string;
}

/** An OpenID Connect provider: its issuer's /.well-known/openid-configuration names the endpoints. */
export interface OidcProvider extends ProviderBase {
  kind: 'oidc';
  issuer: string;
}

/**
 * A plain OAuth 2 provider (GitHub, Gitee, GitLab without OIDC…): fixed endpoints and the user-info fields that
 * carry the identity.
 */
export interface OAuth2Provider extends ProviderBase {
  kind: 'oauth2';
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  fields: { id: string; username: string; nickname: string; email: string; avatar: string };
}

/** A provider users may sign in with; its client must allow `${publicUrl}/oauth/social`. */
export type SocialProvider = OidcProvider | OAuth2Provider;

export interface SocialConfig {
  /** The address users reach the web app at; the providers send the browser back to `${publicUrl}/oauth/social`. */
  publicUrl: string;
  providers: Record<string, SocialProvider>;
}

export const SOCIAL_CALLBACK_PATH = '/oauth/social';

const httpUrl = z.url({ protocol: /^https?$/ });
const base = {
  clientId: z.string().min(1).max(255),
  clientSecret: z.string().min(1).max(1024),
  name: z.string().min(1).max(64).optional(),
};
const field = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,64}$/)
  .optional();
const oidc = z.strictObject({
  ...base,
  issuer: httpUrl,
  scope: z.string().max(255).default('openid profile email'),
});
// GitHub's and Gitee's user-info field names are the defaults.
const oauth2 = z.strictObject({
  ...base,
  authorizationUrl: httpUrl,
  tokenUrl: httpUrl,
  userInfoUrl: httpUrl,
  scope: z.string().max(255).default(''),
  fields: z
    .strictObject({ id: field, username: field, nickname: field, email: field, avatar: field })
    .default({}),
});
const providers = z.record(z.string().regex(/^[a-z0-9_-]{1,32}$/), z.union([oidc, oauth2]));

function provider(source: string, p: z.infer<typeof oidc> | z.infer<typeof oauth2>): SocialProvider {
  const common = {
    clientId: p.clientId,
    clientSecret: p.clientSecret,
    name: p.name ?? source,
    scope: p.scope,
  };
  if ('issuer' in p) {
    return { kind: 'oidc', issuer: p.issuer, ...common };
  }
  return {
    kind: 'oauth2',
    ...common,
    authorizationUrl: p.authorizationUrl,
    tokenUrl: p.tokenUrl,
    userInfoUrl: p.userInfoUrl,
    fields: {
      id: p.fields.id ?? 'id',
      username: p.fields.username ?? 'login',
      nickname: p.fields.nickname ?? 'name',
      email: p.fields.email ?? 'email',
      avatar: p.fields.avatar ?? 'avatar_url',
    },
  };
}

/**
 * SOCIAL_PROVIDERS (JSON: source → an OpenID Connect issuer, or OAuth 2 endpoints, with clientId and clientSecret)
 * and PUBLIC_URL. Errors name the variable, never the value: it carries client secrets.
 */
export function socialConfig(env: NodeJS.ProcessEnv, fallbackUrl: string): SocialConfig {
  const publicUrl = httpUrl.safeParse(env.PUBLIC_URL || fallbackUrl);
  if (!publicUrl.success) {
    throw new ConfigError('Invalid configuration PUBLIC_URL: must be an http(s) URL');
  }
  const parsed = jsonText(
    providers,
    'Invalid configuration SOCIAL_PROVIDERS: must be a JSON object of {"source":{"issuer" or "authorizationUrl","tokenUrl","userInfoUrl"; "clientId","clientSecret"}}',
  ).safeParse(env.SOCIAL_PROVIDERS?.trim());
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues[0]?.message ?? 'Invalid configuration SOCIAL_PROVIDERS');
  }
  return {
    publicUrl: publicUrl.data.replace(/\/+$/, ''),
    providers: Object.fromEntries(
      Object.entries(parsed.data).map(([source, p]) => [source, provider(source, p)]),
    ),
  };
}
