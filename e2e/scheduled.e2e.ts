import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { type ApiSession, apiLogin } from './support/api.ts';
import { loginAsAdmin, openMenu, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const { pane } = crudLocators(() => page);
const PATH = '/scheduled/index';
/** The screen and FullCalendar come in a lazy chunk; on a busy machine the first load takes a while. */
const LAZY = { timeout: 60_000 };
/** The scheduler takes due services about every second; a loaded machine may lag well behind that. */
const FIRST_RUN_MS = 90_000;

/** A flow service as `s/saveOrUpdate` answers it. */
interface Service {
  id: string;
  path: string;
  cron: string;
}

const screen = () => pane(PATH);
const detail = () => page.getByTestId('scheduled-detail');

/** Names no other test (nor an earlier run against the same server) has used. */
function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/**
 * Waits until `target` shows, asking the calendar again (its refresh button) whenever a short wait passes without
 * it: new runs only appear with a new answer, and the screen asks by itself only every 30 s.
 */
async function refreshUntil(target: Locator, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await target.first().waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw error;
      }
    }
    await screen().getByTestId('scheduled-refresh').click();
  }
}

/** Shows one service's events only, from the filter the answer's services fill. */
async function filterTo(service: Service) {
  const filter = screen().getByRole('combobox', { name: '服务' });
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: service.path });
  for (let attempt = 1; ; attempt++) {
    await filter.click();
    await filter.fill(service.path);
    try {
      await option.waitFor({ timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt >= 5) {
        throw error;
      }
      // The service may not be in the answer yet: ask again.
      await page.keyboard.press('Escape');
      await screen().getByTestId('scheduled-refresh').click();
    }
  }
  await option.click();
}

async function stopSchedule(api: ApiSession, service: Service | undefined) {
  if (service) {
    await api.post('/api/yuan-api/s/saveOrUpdate', { ...service, cron: '' });
  }
}

describe('scheduled tasks', () => {
  it('shows the runs of a service scheduled every second, opens one from the keyboard and closes it with Escape', {
    timeout: 240_000,
  }, async () => {
    const api = await apiLogin('admin', inject('adminPassword'));
    let service: Service | undefined;
    try {
      service = await api.post<Service>('/api/yuan-api/s/saveOrUpdate', {
        parentId: '0',
        name: unique('E2E定时'),
        kind: 'service',
        path: `${unique('e2e')}/tick`,
        code: "log('tick'); return 1",
        cron: '* * * * * *',
      });
      expect(service.cron).toBe('* * * * * *');

      await openMenu(page, '首页', '任务日历', PATH);
      await screen().getByTestId('scheduled-calendar').waitFor(LAZY);
      await screen().getByTestId('scheduled-zone').getByText('时间按 Asia/Shanghai 显示').waitFor();
      // The calendar's own buttons are real buttons, reachable by keyboard.
      // FullCalendar draws its toolbar with the month's events: on a busy machine as late as the chunk itself.
      await screen().getByRole('button', { name: '今天' }).waitFor(LAZY);
      await screen().getByTestId('scheduled-legend').getByText('计划中').waitFor();

      await filterTo(service);
      // A busy day keeps its later events behind "+n more" (drawn, but hidden): only shown ones count.
      const green = screen()
        .locator(
          `[data-testid="scheduled-event"][data-kind="run"][data-status="ok"][data-service="${service.id}"]`,
        )
        .filter({ visible: true });
      await refreshUntil(green, FIRST_RUN_MS);
      expect(await green.first().getAttribute('title')).toContain(`(${service.path}) · 成功`);

      // Opened from the keyboard: the calendar's events take the focus and answer Enter.
      await green.first().locator('xpath=ancestor::a[contains(@class, "fc-event")][1]').focus();
      await page.keyboard.press('Enter');
      const run = detail().getByTestId('scheduled-run');
      await run.waitFor();
      await expect.poll(() => run.getByTestId('scheduled-run-logs').textContent(), LAZY).toBe('tick');
      expect(await run.getByTestId('scheduled-run-outcome').textContent()).toBe('成功');
      expect(await run.getByTestId('scheduled-run-value').textContent()).toBe('1');
      expect(await run.getByTestId('scheduled-run-duration').textContent()).toMatch(/^\d+ ms$/);

      await page.keyboard.press('Escape');
      await run.waitFor({ state: 'hidden' });
    } finally {
      // Nothing keeps running after the test.
      await stopSchedule(api, service);
    }
    const stopped = await api.post<Service>(`/api/yuan-api/s/id/${service?.id}`, {});
    expect(stopped.cron).toBe('');
  });
});
