import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config.ts';
import { socialConfig } from './social-config.ts';

const FALLBACK = 'http://127.0.0.1:8080';

describe('SOCIAL_PROVIDERS and PUBLIC_URL', () => {
  it('reads OpenID Connect and plain OAuth 2 providers with their defaults', () => {
    const config = socialConfig(
      {
        PUBLIC_URL: 'https://admin.example/',
        SOCIAL_PROVIDERS: JSON.stringify({
          company: { issuer: 'https://id.example', clientId: 'a', clientSecret: 's' },
          gitee: {
            authorizationUrl: 'https://gitee.com/oauth/authorize',
            tokenUrl: 'https://gitee.com/oauth/token',
            userInfoUrl: 'https://gitee.com/api/v5/user',
            clientId: 'b',
            clientSecret: 't',
            name: 'Gitee',
            fields: { nickname: 'name' },
          },
        }),
      },
      FALLBACK,
    );
    expect(config.publicUrl).toBe('https://admin.example');
    expect(config.providers.company).toMatchObject({
      kind: 'oidc',
      name: 'company',
      scope: 'openid profile email',
    });
    expect(config.providers.gitee).toMatchObject({
      kind: 'oauth2',
      name: 'Gitee',
      scope: '',
      fields: { id: 'id', username: 'login', nickname: 'name', email: 'email', avatar: 'avatar_url' },
    });
    expect(socialConfig({}, FALLBACK)).toEqual({ publicUrl: FALLBACK, providers: {} });
  });

  it.each([
    ['not JSON', '{oops'],
    ['a provider without a secret', JSON.stringify({ x: { issuer: 'https://id.example', clientId: 'a' } })],
    [
      'a non-http issuer',
      JSON.stringify({ x: { issuer: 'javascript:1', clientId: 'a', clientSecret: 'hunter2-secret' } }),
    ],
    [
      'a bad source name',
      JSON.stringify({
        'Bad Name': { issuer: 'https://i.example', clientId: 'a', clientSecret: 'hunter2-secret' },
      }),
    ],
  ])('refuses %s, naming the variable but not its value', (_name, value) => {
    let error: unknown;
    try {
      socialConfig({ SOCIAL_PROVIDERS: value }, FALLBACK);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).toMatch(/SOCIAL_PROVIDERS/);
    expect(String(error)).not.toMatch(/hunter2/);
  });

  it('refuses a PUBLIC_URL that is not http(s)', () => {
    expect(() => socialConfig({ PUBLIC_URL: 'ftp://x' }, FALLBACK)).toThrow(/PUBLIC_URL/);
  });
});
