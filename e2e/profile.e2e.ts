import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiSession, apiLogin, createAdminUser } from './support/api.ts';
import { baseUrl, gotoLogin, openProfile, submitLogin, usePage, waitForLanding } from './support/browser.ts';

const page = usePage();

const PASSWORD = 'E2e@Profile123';
/** A 1×1 PNG (signature, IHDR, IDAT, IEND): the server checks avatars by content, so it must be a real image. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface Info {
  realName: string;
  name: string;
  phone: string;
  email: string;
  avatar: string;
}

/**
 * A user of its own for each test: other files log in as admin with the shared password, so admin's profile and
 * password stay untouched. The administrator role gives it the (hidden) /info menu routes.
 */
async function createUser(label: string): Promise<string> {
  const account = `e2e-profile-${label}-${Date.now().toString(36)}`;
  await createAdminUser({ account, password: PASSWORD, name: 'Profile', realName: '资料用户' });
  return account;
}

async function loginAs(p: Page, account: string, password: string): Promise<void> {
  await gotoLogin(p);
  await submitLogin(p, account, password);
  await waitForLanding(p);
}

function toast(p: Page, text: string) {
  return p.locator('.ant-message').getByText(text, { exact: true });
}

describe('profile', () => {
  it('edits real name, user name and phone, with the phone rules shown', async () => {
    const account = await createUser('info');
    await loginAs(page(), account, PASSWORD);
    await openProfile(page());
    const form = page().getByTestId('profile-form');
    const realName = form.getByLabel('姓名', { exact: true });
    const phone = form.getByLabel('手机号', { exact: true });
    expect(await realName.inputValue()).toBe('资料用户');

    await realName.fill('新的名字');
    await form.getByLabel('用户名', { exact: true }).fill('Profile Neu');
    // The phone is checked when leaving the field and again on submit.
    await phone.fill('1381234');
    await phone.press('Tab');
    await form.getByText('手机号码长度不为11位').waitFor();
    await phone.fill('12345678901');
    await form.getByRole('button', { name: '提交' }).click();
    await form.getByText('手机号码格式不正确').waitFor();
    const self = await apiLogin(account, PASSWORD);
    expect((await self.get<Info>('/api/yuan-user/info')).phone).toBe('');

    await phone.fill('13812345678');
    // Enter submits the form.
    await phone.press('Enter');
    await toast(page(), '修改成功').waitFor();
    await form.getByText('手机号码格式不正确').waitFor({ state: 'detached' });
    // The header follows without a reload.
    await page().getByTestId('user-menu').getByText('Profile Neu').waitFor();

    const saved = await self.get<Info>('/api/yuan-user/info');
    expect(saved).toMatchObject({ realName: '新的名字', name: 'Profile Neu', phone: '13812345678' });
    await page().reload();
    await page().getByTestId('profile-form').waitFor();
    await expect
      .poll(() => page().getByTestId('profile-form').getByLabel('手机号', { exact: true }).inputValue())
      .toBe('13812345678');
  });

  it('refuses non-images in the browser and at the server, and uploads a PNG avatar shown in the header', async () => {
    const account = await createUser('avatar');
    await loginAs(page(), account, PASSWORD);
    await openProfile(page());
    const form = page().getByTestId('profile-form');
    const input = form.locator('input[type=file]');
    const uploads: string[] = [];
    page().on('request', (request) => {
      if (request.url().includes('/oss/endpoint/put-file')) {
        uploads.push(request.url());
      }
    });

    // A text file never leaves the browser.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await form.getByTestId('profile-avatar-error').getByText('上传头像图片只能是 JPG/PNG 格式!').waitFor();
    expect(uploads).toEqual([]);

    // Text named .png passes the browser's check; the server reads the content and refuses it with its message.
    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
    await form
      .getByTestId('profile-avatar-error')
      .getByText('头像只能是 JPG 或 PNG 格式，且不超过 500KB')
      .waitFor();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toContain('kind=avatar');

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    const preview = form.getByTestId('profile-avatar').locator('img');
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/oss\/000000\/\d{8}\/\w+\.png$/);
    await form.getByTestId('profile-avatar-error').waitFor({ state: 'detached' });
    const link = (await preview.getAttribute('src')) ?? '';
    await form.getByTestId('profile-avatar-pending').getByText('头像已上传，提交后生效').waitFor();

    await form.getByRole('button', { name: '提交' }).click();
    await toast(page(), '修改成功').waitFor();
    await form.getByTestId('profile-avatar-pending').waitFor({ state: 'detached' });
    const header = page().getByTestId('user-menu').locator('img');
    await expect.poll(() => header.getAttribute('src')).toBe(link);
    // The stored file is the image itself.
    await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    const saved = await (await apiLogin(account, PASSWORD)).get<Info>('/api/yuan-user/info');
    expect(saved.avatar).toBe(link);
  });

  it('changes the password on /info/pwd; other sessions end and the new password signs in', async () => {
    const account = await createUser('pwd');
    const other: ApiSession = await apiLogin(account, PASSWORD);
    await loginAs(page(), account, PASSWORD);
    // The profile's second tab holds the same form.
    await openProfile(page());
    await page().getByTestId('profile-page').getByRole('tab', { name: '修改密码' }).click();
    await page().getByTestId('profile-page').getByLabel('确认密码').waitFor();

    // The menu route /info/pwd becomes /info/pwd/index (leaf rule).
    await page().goto(`${baseUrl()}/info/pwd/index`);
    const form = page().getByTestId('password-page');
    await form.getByLabel('原密码').waitFor();
    const NEW = 'E2e@Changed456';

    await form.getByRole('button', { name: '提交' }).click();
    await form.getByText('请输入原密码').waitFor();
    await form.getByLabel('原密码').fill(PASSWORD);
    await form.getByLabel('新密码').fill(NEW);
    await form.getByLabel('确认密码').fill('E2e@Other789');
    await form.getByLabel('确认密码').press('Enter');
    await form.getByText('两次密码输入不一致').waitFor();

    // A wrong current password: the server refuses with its message.
    await form.getByLabel('原密码').fill('Wrong@Password1');
    await form.getByLabel('确认密码').fill(NEW);
    await form.getByLabel('确认密码').press('Enter');
    await toast(page(), '原密码不正确').waitFor();

    await form.getByLabel('原密码').fill(PASSWORD);
    await form.getByRole('button', { name: '提交' }).click();
    await toast(page(), '修改成功').waitFor();
    await expect.poll(() => form.getByLabel('原密码').inputValue()).toBe('');

    // The server ended the other session, kept this one; the old password no longer works.
    await expect(other.get('/api/yuan-user/info')).rejects.toThrow();
    await expect(apiLogin(account, PASSWORD)).rejects.toThrow();
    await page().reload();
    await page().getByTestId('password-page').waitFor();

    await page().click('[data-testid=user-menu]');
    await page().getByText('退出登录', { exact: true }).click();
    await page().locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await page().waitForURL('**/login');
    await loginAs(page(), account, NEW);
  });
});
