import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { baseUrl, gotoLogin, submitLogin, usePage } from './support/browser.ts';
import { SOCIAL } from './support/social.ts';

const page = usePage();

/** Signs in at the test provider's own pages (its development login form, then its consent page). */
async function signInAtProvider(): Promise<void> {
  const p = page();
  await p.locator('input[name=login]').fill(SOCIAL.login);
  await p.locator('input[name=password]').fill('any-password');
  await p.locator('button[type=submit]').click();
  await p.getByRole('button', { name: 'Continue' }).click();
}

describe('third-party sign-in and single sign-on', () => {
  it('signs an unknown identity in as a guest, who registers and waits for approval', async () => {
    await gotoLogin(page());
    const providers = page().getByRole('region', { name: '第三方登录' });
    await providers.getByRole('button', { name: SOCIAL.name }).click();
    await signInAtProvider();

    await page().waitForURL('**/oauth/social?**');
    const dialog = page().getByRole('dialog', { name: '游客注册' });
    await dialog.waitFor();
    expect(await dialog.locator('#guest-tenantId').inputValue()).toBe('000000');
    expect(await dialog.locator('#guest-name').inputValue()).toBe(SOCIAL.nickname);
    expect(await dialog.locator('#guest-email').inputValue()).toBe(SOCIAL.email);

    await dialog.locator('#guest-account').fill('e2e-carol');
    await dialog.locator('#guest-password').fill('Carol@2026');
    await dialog.locator('#guest-password2').fill('Carol@2027');
    await dialog.getByRole('button', { name: '注册' }).click();
    await dialog.getByText('两次密码输入不一致').waitFor();
    await dialog.locator('#guest-password2').fill('Carol@2026');
    await dialog.getByRole('button', { name: '注册' }).click();

    const done = page().getByRole('dialog').filter({ hasText: '注册成功，请等待管理员审核' });
    await done.getByRole('button', { name: '确定' }).click();
    await page().waitForURL('**/login');

    // The account exists, linked to the identity, and has no role until an administrator grants one.
    await submitLogin(page(), 'e2e-carol', 'Carol@2026');
    await page().locator('.ant-message').getByText('账号尚未分配角色，请联系管理员').waitFor();
    const admin = await apiLogin('admin', inject('adminPassword'));
    const users = await admin.get<{ records: { account: string; oauthId?: string }[] }>(
      '/api/yuan-user/page',
      {
        account: 'e2e-carol',
      },
    );
    expect(users.records.map((u) => u.account)).toEqual(['e2e-carol']);
  });

  it('lets a signed-in user authorize a registered application, which receives a one-time code', async () => {
    const landing = `${baseUrl()}/403`;
    const admin = await apiLogin('admin', inject('adminPassword'));
    await admin.post('/api/yuan-system/client/submit', {
      clientId: 'e2e-portal',
      clientSecret: 'e2e-portal-secret',
      scope: 'all',
      authorizedGrantTypes: 'authorization_code,refresh_token',
      webServerRedirectUri: landing,
      accessTokenValidity: 3600,
      refreshTokenValidity: 86400,
    });
    const query = new URLSearchParams({
      client_id: 'e2e-portal',
      redirect_uri: landing,
      state: 'e2e-state',
      response_type: 'code',
    });
    await page().goto(`${baseUrl()}/oauth/authorize?${query}`);
    await page().getByText('单点登录').first().waitFor();
    await submitLogin(page(), 'admin', inject('adminPassword'));
    await page().getByRole('button', { name: '授权登录' }).click();
    await page().waitForURL('**/403?**');
    const back = new URL(page().url());
    expect(back.searchParams.get('state')).toBe('e2e-state');
    const code = back.searchParams.get('code') ?? '';
    expect(code.length).toBeGreaterThan(20);

    // The application exchanges the code once, with its own credentials and the same redirect address.
    const exchange = () =>
      fetch(`${baseUrl()}/api/yuan-auth/oauth/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from('e2e-portal:e2e-portal-secret').toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: landing,
        }).toString(),
      });
    const token = (await (await exchange()).json()) as { account?: string };
    expect(token.account).toBe('admin');
    expect((await exchange()).status).toBe(400);
  });
});
