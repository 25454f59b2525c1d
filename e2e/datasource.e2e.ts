import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

const page = usePage();
const { pane, dialog, toast, row, rowAction } = crudLocators(page);

describe('datasources', () => {
  it('adds a datasource with a checked URL and binds a tenant to it from the tenant screen', async () => {
    await loginAsAdmin(page());
    await openMenu(page(), '研发工具', '数据源管理', '/tool/datasource/index');
    const screen = pane('/tool/datasource/index');
    await screen.getByTestId('crud-add').click();
    const form = dialog('datasource');
    await form.waitFor();
    await form.locator('#crud-datasource_name').fill('e2e-reports');
    await form.locator('#crud-datasource_url').fill('not a url');
    await form.locator('#crud-datasource_username').fill('reporter');
    await form.locator('#crud-datasource_password').fill('Report@2026');
    await form.getByRole('button', { name: '提交' }).click();
    await form.getByText('连接地址格式不匹配').waitFor();
    await form.locator('#crud-datasource_url').fill('postgresql://reports.example:5432/yuan');
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await row(screen, 'e2e-reports').waitFor();

    await openMenu(page(), '系统管理', '租户管理', '/system/tenant/index');
    const tenants = pane('/system/tenant/index');
    await rowAction(row(tenants, '000000').first(), { testId: 'tenant-datasource' });
    const bind = page().locator('.ant-modal').filter({ hasText: '数据源' });
    await bind.getByRole('combobox').click();
    await page().locator('.ant-select-item-option').filter({ hasText: 'e2e-reports' }).click();
    await bind.getByRole('button', { name: '提交' }).click();
    await toast('操作成功!').waitFor();

    const admin = await apiLogin('admin', inject('adminPassword'));
    const sources = await admin.get<{ records: { id: string; name: string }[] }>(
      '/api/yuan-develop/datasource/list',
      { name: 'e2e-reports' },
    );
    const tenant = await admin.get<{ records: { datasourceId: string | null }[] }>(
      '/api/yuan-system/tenant/list',
      { tenantId: '000000' },
    );
    expect(tenant.records[0]?.datasourceId).toBe(sources.records[0]?.id);
    // Unbind again: other browser tests expect the platform on its own database.
    await admin.post('/api/yuan-system/tenant/datasource', { tenantId: '000000', datasourceId: '' });
  });
});
