import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';

const page = usePage();

describe('time zone', () => {
  it('shows the default zone, previews a chosen one with its clock and saves it', async () => {
    const admin = await apiLogin('admin', inject('adminPassword'));
    try {
      await loginAsAdmin(page());
      await openMenu(page(), '系统管理', '时区设置', '/system/timeZone/index');
      const screen = page().getByTestId('time-zone');
      await screen.getByText('尚未设置，使用默认时区 Asia/Shanghai (UTC+08:00)').waitFor();
      await expect.poll(() => screen.getByTestId('time-zone-now').textContent()).toContain('(UTC+08:00)');

      await screen.getByRole('combobox').fill('new_york');
      await page().locator('.ant-select-item-option').filter({ hasText: 'America/New_York' }).click();
      // The clock previews the choice before it is saved (-05:00 in winter, -04:00 in summer).
      await expect.poll(() => screen.getByTestId('time-zone-now').textContent()).toMatch(/\(UTC-0[45]:00\)$/);
      await screen.getByRole('button', { name: '保存' }).click();
      await page().locator('.ant-message').getByText('更新成功').waitFor();
      await screen.getByText(/当前保存的时区为 America\/New_York/).waitFor();

      const saved = await admin.get<{ timeZone: string; custom: boolean }>(
        '/api/yuan-system/time-zone/detail',
      );
      expect(saved).toMatchObject({ timeZone: 'America/New_York', custom: true });
      // The choice stays after a reload.
      await page().reload();
      await page()
        .getByTestId('time-zone')
        .getByText(/当前保存的时区为 America\/New_York/)
        .waitFor();
    } finally {
      // Later test files expect the default zone.
      await admin.post('/api/yuan-system/time-zone/submit', { timeZone: 'Asia/Shanghai' });
    }
  });
});
