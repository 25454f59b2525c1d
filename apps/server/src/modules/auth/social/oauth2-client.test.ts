import type { TokenResponse } from '@yuan/contract';
import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import {
  bodyText,
  fakeForFile,
  fakeServer,
  header,
  jsonAnswer,
} from '../../../../test/peers/fake-provider.ts';
import { socialCalls } from '../../../../test/peers/social-calls.ts';
import { authModule } from '../index.ts';

const CLIENT = { clientId: 'gh-client', clientSecret: 'gh-secret-0123456789' };

// A peer answering like GitHub: the token endpoint takes the client's credentials in the form and answers 200 with
// an `error` for a bad code; /user answers the profile for the right bearer token.
const github = fakeForFile(() =>
  fakeServer((req) => {
    if (req.method === 'POST' && req.url === '/login/oauth/access_token') {
      const form = new URLSearchParams(bodyText(req));
      const good =
        form.get('client_id') === CLIENT.clientId &&
        form.get('client_secret') === CLIENT.clientSecret &&
        form.get('code') === 'gh-code' &&
        (form.get('code_verifier') ?? '').length >= 43 &&
        header(req, 'accept') === 'application/json';
      return good
        ? jsonAnswer(200, { access_token: 'gho_token', token_type: 'bearer', scope: 'read:user' })
        : jsonAnswer(200, { error: 'bad_verification_code' });
    }
    if (req.method === 'GET' && req.url === '/user' && header(req, 'authorization') === 'Bearer gho_token') {
      return jsonAnswer(200, {
        id: 583231,
        login: 'octocat',
        name: 'The Octocat',
        email: null,
        avatar_url: 'https://avatars.example/u/583231',
      });
    }
    return jsonAnswer(401, { message: 'Bad credentials' });
  }),
);

const { t } = twoTenantApp(
  () => ({
    PUBLIC_URL: 'http://yuan.test',
    SOCIAL_PROVIDERS: JSON.stringify({
      github: {
        ...CLIENT,
        name: 'GitHub',
        authorizationUrl: `${github.url}/login/oauth/authorize`,
        tokenUrl: `${github.url}/login/oauth/access_token`,
        userInfoUrl: `${github.url}/user`,
        scope: 'read:user user:email',
      },
    }),
  }),
  [authModule],
);
const { render, socialToken } = socialCalls(t);

describe('third-party sign-in through a plain OAuth 2 provider', () => {
  it('redeems the code with the credentials in the form and names the user by its id', async () => {
    const { url, cookie } = await render('source=github');
    const target = new URL(url);
    expect(`${target.origin}${target.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(target.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(target.searchParams.get('scope')).toBe('read:user user:email');
    const state = target.searchParams.get('state') ?? '';

    const res = await socialToken({ source: 'github', code: 'gh-code', state }, cookie);
    expect(res.statusCode).toBe(200);
    const guest = res.json<TokenResponse>();
    expect(guest).toMatchObject({
      user_name: 'octocat',
      nick_name: 'The Octocat',
      avatar: 'https://avatars.example/u/583231',
      email: '',
    });
    expect(guest.user_id).toMatch(/^-\d+$/);
    const identity = await t.database.root
      .selectFrom('yuan_user_oauth')
      .select(['source', 'uuid'])
      .where('id', '=', guest.oauth_id)
      .executeTakeFirstOrThrow();
    expect(identity).toEqual({ source: 'github', uuid: '583231' });
  });

  it('answers 502 naming the provider when it refuses the code, never its secret', async () => {
    const { url, cookie } = await render('source=github');
    const state = new URL(url).searchParams.get('state') ?? '';
    const res = await socialToken({ code: 'stale-code', state }, cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json().error_description).toBe('第三方登录服务异常: github');
    expect(res.body).not.toContain(CLIENT.clientSecret);
  });
});
