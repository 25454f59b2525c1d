import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { totpCode, totpStep } from '../apps/server/src/modules/auth/mfa/totp.ts';
import { createAdminUser } from './support/api.ts';
import {
  baseUrl,
  gotoLogin,
  openProfile,
  signOut,
  submitLogin,
  usePage,
  waitForLanding,
} from './support/browser.ts';

const page = usePage();
const PASSWORD = 'E2e@Mfa12345';

async function newUser(label: string): Promise<string> {
  const account = `e2e-mfa-${label}-${Date.now().toString(36)}`;
  await createAdminUser({ account, password: PASSWORD, name: 'Mfa', realName: '两步用户' });
  return account;
}

async function openSecurity(p: Page): Promise<void> {
  await openProfile(p);
  await p.getByRole('tab', { name: '安全设置' }).click();
  await p.getByTestId('profile-security').waitFor();
}

/** The code of a step after the last one used: a step is accepted once. */
const nextCode = (secret: string, after: number) =>
  totpCode(secret, Math.max(totpStep(Date.now()), after + 1));

describe('second sign-in factor', () => {
  it('adds an authenticator on the profile, then asks for its code at the next sign-in', async () => {
    const p = page();
    const account = await newUser('totp');
    await gotoLogin(p);
    await submitLogin(p, account, PASSWORD);
    await waitForLanding(p);
    await openSecurity(p);
    await p.getByRole('button', { name: '启用身份验证器' }).click();
    const secret = ((await p.getByTestId('totp-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const step = totpStep(Date.now());
    await p.getByLabel('6 位验证码').fill(totpCode(secret, step));
    await p
      .locator('.ant-modal')
      .getByRole('button', { name: /^验\s?证$/ })
      .click();
    await p.getByTestId('mfa-recovery-codes').waitFor();
    expect(await p.getByTestId('mfa-recovery-codes').locator('li').count()).toBe(10);
    await p.getByRole('button', { name: '我已保存，继续' }).click();
    await p.getByTestId('profile-security').getByText('已启用').waitFor();

    await signOut(p);
    // Opened again as a person coming back does: the same sign-in within 3 s would be refused as a repeat.
    await gotoLogin(p);
    await submitLogin(p, account, PASSWORD);
    const dialog = p.getByTestId('mfa-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('6 位验证码').fill(nextCode(secret, step));
    await dialog.getByRole('button', { name: /^验\s?证$/ }).click();
    await waitForLanding(p);
  });

  it('enrols a passkey with a virtual authenticator and signs in with it', async () => {
    const p = page();
    const account = await newUser('passkey');
    // A browser takes no IP address as a passkey's site: the app is opened as localhost, as a user at the machine would.
    const local = baseUrl().replace('127.0.0.1', 'localhost');
    const cdp = await p.context().newCDPSession(p);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    try {
      await gotoLogin(p, local);
      await submitLogin(p, account, PASSWORD);
      await waitForLanding(p);
      await openSecurity(p);
      await p.getByRole('button', { name: '添加通行密钥' }).click();
      await p.getByLabel('通行密钥名称（如：我的安全密钥）').fill('测试密钥');
      await p
        .locator('.ant-modal')
        .getByRole('button', { name: /^创\s?建$/ })
        .click();
      await p.getByTestId('passkey-list').getByText('测试密钥').waitFor();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);

      await signOut(p);
      await gotoLogin(p, local);
      await submitLogin(p, account, PASSWORD);
      const dialog = p.getByTestId('mfa-dialog');
      await dialog.getByRole('button', { name: /使用通行密钥/ }).click();
      await waitForLanding(p);
      // The passkey's use is recorded: the profile shows when it was last used.
      await openSecurity(p);
      const item = p.getByTestId('passkey-list').locator('.ant-list-item');
      expect(await item.textContent()).not.toContain('最近使用 —');
    } finally {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    }
  });
});
