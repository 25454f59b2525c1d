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
});
