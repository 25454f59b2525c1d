import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { baseUrl, gotoLogin, loginAsAdmin, openMenu, submitLogin, tab, usePage } from './support/browser.ts';

const current = usePage();
let page: Page;
beforeEach(() => {
  page = current();
});

/** A page of another origin, as an external menu would name it. */
let external: Server;
let externalUrl = '';
beforeAll(async () => {
  external = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><body><h1 id="external">外部页面已打开</h1></body></html>');
  });
  await new Promise<void>((resolve) => external.listen(0, '127.0.0.1', resolve));
  externalUrl = `http://127.0.0.1:${(external.address() as AddressInfo).port}/external.html`;
});
afterAll(() => new Promise<void>((resolve) => external.close(() => resolve())));

const PASSWORD = 'Iframe#2026';
const made: { menuId?: string; roleId?: string } = {};
afterEach(async () => {
  const admin = await apiLogin('admin', inject('adminPassword'));
  for (const key of ['app.download.android', 'app.download.version']) {
    const found = await admin.get<{ records: { id: string; paramKey: string }[] }>(
      '/api/yuan-system/param/list',
      {
        paramKey: key,
      },
    );
    const ids = found.records.filter((r) => r.paramKey === key).map((r) => r.id);
    if (ids.length > 0) {
      await admin.post('/api/yuan-system/param/remove', { ids: ids.join(',') });
    }
  }
  if (made.menuId) {
    await admin.post('/api/yuan-system/menu/remove', { ids: made.menuId });
    made.menuId = undefined;
  }
});

describe('test page', () => {
  it('opens pages with the shell query parameters and records errors in the local log', async () => {
    await loginAsAdmin(page);
    await openMenu(page, '测试页', '测试页', '/test/index');
    const screen = page.getByTestId('test-page');
    await screen.getByTestId('test-query-name').getByText('（无）').waitFor();

    // src + name: the external page opens inside the shell, its tab named as asked.
    const form = page.locator('form[id=test-open]');
    await form.locator('#test-open_path').fill('/myiframe/urlPath');
    await form.locator('#test-open_src').fill(externalUrl);
    await form.locator('#test-open_name').fill('外部测试');
    await page.getByTestId('test-open').click();
    await tab(page, externalUrl).waitFor();
    expect(await tab(page, externalUrl).textContent()).toBe('外部测试');
    await page
      .frameLocator('iframe[title=外部测试]')
      .locator('#external')
      .getByText('外部页面已打开')
      .waitFor();

    // i18n: the tab's label follows the text key in the current language; menu hides the sidebar.
    await page.goto(`${baseUrl()}/test/index?name=Named&i18n=layout.home&menu=false`);
    await page.getByTestId('test-query-i18n').getByText('layout.home').waitFor();
    expect(await page.getByTestId('test-query-menu').textContent()).toBe('false');
    expect(await page.locator('.app-sider').count()).toBe(0);

    // The error log: a recorded error and an unhandled one both reach it, and the top bar counts them.
    await page.goto(`${baseUrl()}/test/index`);
    const count = page.getByTestId('test-error-count');
    await count.getByText('本地错误日志 0 条').waitFor();
    await page.getByRole('button', { name: '记录一个错误' }).click();
    await count.getByText('本地错误日志 1 条').waitFor();
    await page.getByRole('button', { name: '抛出未处理的错误' }).click();
    await count.getByText('本地错误日志 2 条').waitFor();
    await page.getByTestId('open-logs').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('.ant-table') });
    await dialog.getByText('测试页错误', { exact: false }).first().waitFor();
    expect(await dialog.locator('.ant-table-row').count()).toBe(2);
  });
});

describe('external menu', () => {
  it('opens an http menu path inside /myiframe with the external page shown', async () => {
    const admin = await apiLogin('admin', inject('adminPassword'));
    const code = `ext${Date.now().toString(36)}`;
    const menu = await admin.post<{ id: string }>('/api/yuan-system/menu/submit', {
      parentId: '0',
      code,
      name: '外部系统',
      nameEn: 'External system',
      path: externalUrl,
      source: 'link',
      sort: 99,
      category: 1,
    });
    made.menuId = menu.id;
    if (!made.roleId) {
      const role = await admin.post<{ id: string }>('/api/yuan-system/role/submit', {
        roleName: '外部菜单',
        roleAlias: `iframe${Date.now().toString(36)}`,
        sort: 90,
      });
      made.roleId = role.id;
    }
    await admin.post('/api/yuan-system/role/grant', { roleIds: [made.roleId], menuIds: [menu.id] });
    const depts = await admin.get<{ id: string }[]>('/api/yuan-system/dept/tree');
    const posts = await admin.get<{ records: { id: string }[] }>('/api/yuan-system/post/list');
    const account = `e2e-iframe-${Date.now().toString(36)}`;
    await admin.post('/api/yuan-user/submit', {
      account,
      name: 'Iframe',
      realName: '外部菜单用户',
      password: PASSWORD,
      password2: PASSWORD,
      roleId: made.roleId,
      deptId: depts[0]?.id,
      postId: posts.records[0]?.id,
    });

    await gotoLogin(page);
    await submitLogin(page, account, PASSWORD);
    await page.waitForURL('**/wel/index');
    await page.locator('.app-sider .ant-menu-title-content').getByText('外部系统', { exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/myiframe/'));
    expect(new URL(page.url()).searchParams.get('src')).toBe(externalUrl);
    await tab(page, externalUrl).waitFor();
    await page.frameLocator('iframe[title=外部系统]').locator('#external').waitFor();
  });
});

describe('app download', () => {
  it('shows a QR code per published platform and downloads the uploaded package', async () => {
    const admin = await apiLogin('admin', inject('adminPassword'));
    await page.goto(`${baseUrl()}/download`);
    await page.getByText('App 尚未发布').waitFor();

    // A real package in the storage, published through the platform tenant's parameter.
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('PK\u0003\u0004yuan-app')]), 'yuan.apk');
    const token = await adminToken();
    const uploaded = await fetch(`${baseUrl()}/api/yuan-resource/oss/endpoint/put-file`, {
      method: 'POST',
      headers: token,
      body: form,
    });
    const link = ((await uploaded.json()) as { data: { link: string } }).data.link;
    for (const [key, value] of [
      ['app.download.android', link],
      ['app.download.version', '2.0.1'],
    ]) {
      await admin.post('/api/yuan-system/param/submit', { paramName: key, paramKey: key, paramValue: value });
    }

    await page.reload();
    const card = page.getByTestId('download-android');
    await card.locator('canvas').waitFor();
    await page.getByTestId('download-version').getByText('版本 2.0.1').waitFor();
    expect(await page.getByTestId('download-ios').count()).toBe(0);
    const href = await card.getByRole('link').getAttribute('href');
    expect(href).toBe(`${baseUrl()}/api/cors/oauth/appDownload?platform=android`);
    const download = await page.request.get(String(href));
    expect(download.status()).toBe(200);
    expect((await download.body()).toString()).toContain('yuan-app');
  });
});

/** The headers of a signed-in administrator, for a multipart upload (the API helper sends JSON only). */
async function adminToken(): Promise<Record<string, string>> {
  const config = (await (await fetch(`${baseUrl()}/api/app-config`)).json()) as {
    data: { clientId: string; clientSecret: string };
  };
  const basic = `Basic ${Buffer.from(`${config.data.clientId}:${config.data.clientSecret}`).toString('base64')}`;
  const query = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: inject('adminPassword'),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const answer = await fetch(`${baseUrl()}/api/yuan-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: basic, 'Tenant-Id': '000000' },
  });
  const token = ((await answer.json()) as { access_token: string }).access_token;
  return { Authorization: basic, 'Blade-Auth': `bearer ${token}` };
}
