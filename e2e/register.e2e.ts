import { describe, expect, it } from 'vitest';
import { gotoLogin, submitLogin, usePage } from './support/browser.ts';

const page = usePage();

describe('registration', () => {
  it('checks the form, registers an account that waits for approval and refuses a taken account', async () => {
    await gotoLogin(page());
    await page().getByRole('link', { name: '注册账号' }).click();
    await page().waitForURL('**/register');
    expect(await page().locator('#register-tenantId').inputValue()).toBe('000000');

    const submit = page().getByRole('button', { name: '注册' });
    await submit.click();
    await page().getByText('请先输入账号名称').waitFor();
    await page().getByText('请先输入密码').waitFor();
    await page().locator('#register-tenantId').fill('');
    await submit.click();
    await page().getByText('请先输入租户编号').waitFor();

    await page().locator('#register-tenantId').fill('000000');
    await page().locator('#register-name').fill('注册用户');
    await page().locator('#register-account').fill('e2e-registered');
    await page().locator('#register-password').fill('Register@2026');
    await page().locator('#register-password2').fill('Register@2027');
    await submit.click();
    await page().getByText('两次密码输入不一致').waitFor();

    await page().locator('#register-password2').fill('Register@2026');
    await submit.click();
    await page().locator('.ant-message').getByText('注册成功，请等待管理员审核').waitFor();
    await page().waitForURL('**/login');

    // No role yet: the sign-in says so.
    await submitLogin(page(), 'e2e-registered', 'Register@2026');
    await page().locator('.ant-message').getByText('账号尚未分配角色，请联系管理员').waitFor();

    await page().goto(page().url().replace('/login', '/register'));
    await page().locator('#register-account').fill('e2e-registered');
    await page().locator('#register-password').fill('Register@2026');
    await page().locator('#register-password2').fill('Register@2026');
    await page().getByRole('button', { name: '注册' }).click();
    await page().locator('.ant-message').getByText('登录账号已存在').waitFor();
    expect(new URL(page().url()).pathname).toBe('/register');
  });

  it('asks for the account before mailing a code to retrieve a password, and says when mail is off', async () => {
    await gotoLogin(page());
    await page().getByRole('button', { name: '忘记密码' }).click();
    const dialog = page().locator('.ant-modal').filter({ hasText: '找回密码' });
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByText('请先输入账号名称').waitFor();
    await dialog.locator('#account').fill('admin');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    // The browser tests' server has no SMTP_URL.
    await page().locator('.ant-message').getByText('邮件服务未配置').waitFor();
  });

  it('switches to phone sign-in and checks the number before asking for a code', async () => {
    await gotoLogin(page());
    await page().getByText('手机号登录').click();
    await page().getByRole('button', { name: '获取验证码' }).click();
    await page().getByText('手机号码不能为空').waitFor();
    await page().locator('#phone-number').fill('1380013800');
    await page().getByRole('button', { name: '获取验证码' }).click();
    await page().getByText('手机号码长度不为11位').waitFor();
    await page().locator('#phone-number').fill('13800138000');
    await page().getByRole('button', { name: '获取验证码' }).click();
    await page().locator('.ant-message').getByText('短信服务未配置').waitFor();
  });
});
