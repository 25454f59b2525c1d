import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

/**
 * Enabling a storage configuration moves every upload of the tenant to it: this file runs alone (see
 * vitest.config.ts), since for a while the enabled one is an S3 storage that does not exist.
 */
const page = usePage();

const { pane, row, rowAction, toast } = crudLocators(page);

describe('object storage', () => {
  it('adds a configuration with its kind and enables one, marking it in the table', async () => {
    const admin = await apiLogin('admin', inject('adminPassword'));
    const stamp = Date.now();
    const first = `e2e-oss-a-${stamp}`;
    const second = `e2e-oss-b-${stamp}`;
    await admin.post('/api/yuan-resource/oss/submit', {
      category: 2,
      ossCode: first,
      endpoint: 'http://minio:9000',
    });

    await loginAsAdmin(page());
    await openMenu(page(), '资源管理', '对象存储', '/resource/oss/index');
    const screen = pane('/resource/oss/index');
    await row(screen, first).getByText('S3 / MinIO').waitFor();

    await screen.getByTestId('crud-add').click();
    const form = page().locator('[data-testid="crud-dialog-oss"] .ant-modal');
    await form.waitFor();
    await form.locator('#crud-oss_category').click();
    await page().locator('.ant-select-item-option').filter({ hasText: '本地存储' }).click();
    await form.locator('#crud-oss_ossCode').fill(second);
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    await form.waitFor({ state: 'hidden' });
    await row(screen, second).getByText('本地存储').waitFor();

    // Enabling the first marks it; enabling the second moves the mark.
    for (const [enabled, other] of [
      [first, second],
      [second, first],
    ] as const) {
      await rowAction(row(screen, enabled), { testId: 'config-enable' });
      const confirm = page().locator('.ant-modal-confirm');
      await confirm.getByText(`确定启用「${enabled}」吗？其他配置将被停用。`).waitFor();
      await confirm.getByRole('button', { name: '确定' }).click();
      await row(screen, enabled).getByTestId('config-enabled').waitFor();
      // Offered, though perhaps under 更多 (hidden in the row).
      await row(screen, other).getByTestId('config-enable').waitFor({ state: 'attached' });
      expect(await row(screen, enabled).getByTestId('config-enable').count()).toBe(0);
      expect(await row(screen, other).getByTestId('config-enabled').count()).toBe(0);
    }

    const saved = await admin.get<{ records: { ossCode: string; status: number }[] }>(
      '/api/yuan-resource/oss/list',
      { ossCode: `e2e-oss-b-${stamp}` },
    );
    expect(saved.records.map((r) => [r.ossCode, r.status])).toEqual([[second, 1]]);
  });
});
