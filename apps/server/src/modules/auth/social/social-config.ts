import { z } from 'zod';
import { ConfigError } from '../../../config.ts';

/** One OpenID Connect provider users may sign in with; its client must allow `${publicUrl}/oauth/social`. */
export interface SocialProvider {
  /** The issuer URL; its /.well-known/openid-configuration names the endpoints. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the login page's button. */
  name: string;
  scope: string;
}

export interface SocialConfig {
  /** The address users reach the web app at; the providers send the browser back to `${publicUrl}/oauth/social`. */
  publicUrl: string;
  providers: Record<string, SocialProvider>;
}

export const SOCIAL_CALLBACK_PATH = '/oauth/social';

const provider = z.strictObject({
  issuer: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1).max(255),
  clientSecret: z.string().min(1).max(1024),
  name: z.string().min(1).max(64).optional(),
  scope: z.string().min(1).max(255).default('openid profile email'),
});
const providers = z.record(z.string().regex(/^[a-z0-9_-]{1,32}$/), provider);

/**
 * SOCIAL_PROVIDERS (JSON: source → issuer, clientId, clientSecret[, name, scope]) and PUBLIC_URL. Errors name the
 * variable, never the value: it carries client secrets.
 */
export function socialConfig(env: NodeJS.ProcessEnv, fallbackUrl: string): SocialConfig {
  const publicUrl = z.url({ protocol: /^https?$/ }).safeParse(env.PUBLIC_URL || fallbackUrl);
  if (!publicUrl.success) {
    throw new ConfigError('Invalid configuration PUBLIC_URL: must be an http(s) URL');
  }
  let parsed: z.infer<typeof providers> = {};
  if (env.SOCIAL_PROVIDERS?.trim()) {
    try {
      parsed = providers.parse(JSON.parse(env.SOCIAL_PROVIDERS));
    } catch {
      throw new ConfigError(
        'Invalid configuration SOCIAL_PROVIDERS: must be a JSON object of {"source":{"issuer","clientId","clientSecret"}}',
      );
    }
  }
  return {
    publicUrl: publicUrl.data.replace(/\/+$/, ''),
    providers: Object.fromEntries(
      Object.entries(parsed).map(([source, p]) => [source, { ...p, name: p.name ?? source }]),
    ),
  };
}
