import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { loginAsAdmin, usePage } from './support/browser.ts';
import { crudLocators } from './support/crud.ts';
import { ONE_PIXEL_PNG, silentWav } from './support/media.ts';

const current = usePage();
let page: Page;
beforeEach(async () => {
  page = current();
  await loginAsAdmin(page);
});

const SCREEN = '/help/video/index';
const BASE = '/api/yuan-api/showHallConfig';
const { pane, dialog, toast, row } = crudLocators(() => page);
let title = '';

afterEach(async () => {
  // Leave no video behind for the files that run later.
  const api = await apiLogin('admin', inject('adminPassword'));
  const found = await api.get<{ records: { id: string }[] }>(`${BASE}/list`, { title, size: '100' });
  if (title && found.records.length > 0) {
    await api.post(`${BASE}/remove`, { ids: found.records.map((r) => r.id).join(',') });
  }
});

function guide(): Locator {
  return page.locator('.ant-modal').filter({ hasText: '操作指南' });
}

async function openGuide(): Promise<Locator> {
  await page.getByTestId('open-guide').click();
  await guide().waitFor();
  return guide();
}

/** What the player's <video> says now (null while no player is shown). */
function playerState() {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid=video-help-player] video');
    if (!video) {
      return null;
    }
    return {
      time: video.currentTime,
      duration: video.duration,
      ready: video.readyState,
      paused: video.paused,
      full: document.fullscreenElement === video,
    };
  });
}

async function state() {
  const now = await playerState();
  if (!now) {
    throw new Error('no player is shown');
  }
  return now;
}

/** Uploads one file through a form item's upload field and waits for put-file's answer. */
async function upload(
  form: Locator,
  label: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const item = form.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
  const [answer] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes('/oss/endpoint/put-file') && r.request().method() === 'POST',
    ),
    item.locator('input[type=file]').setInputFiles(file),
  ]);
  expect(answer.status()).toBe(200);
  const link: string = (await answer.json()).data.link;
  expect(link).toMatch(/^\/oss\/000000\/\d{8}\/\w+\.\w+$/);
  return link;
}

describe('operation-guide videos', () => {
  it('uploads a video on the manage screen; the help dialog plays it full screen, seeks 5 s and resumes', async () => {
    title = `e2e guide ${Date.now()}`;
    // The screen is a hidden menu: the help dialog links to it for whoever has it.
    const first = await openGuide();
    await first.getByTestId('video-help-manage').click();
    await page.waitForURL(`**${SCREEN}`);
    await first.waitFor({ state: 'hidden' });
    const screen = pane(SCREEN);
    await screen.getByTestId('crud-add').click();
    const form = dialog('helpVideo');
    await form.waitFor();
    await form.getByLabel('标题').fill(title);
    await form.getByLabel('栏目').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="P01"]').click();
    const cover = await upload(form, '封面', {
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: ONE_PIXEL_PNG,
    });
    const clip = await upload(form, '视频', {
      name: 'guide.wav',
      mimeType: 'audio/wav',
      buffer: silentWav(30),
    });
    await form.getByRole('button', { name: '提交' }).click();
    await toast('新增成功').waitFor();
    const line = row(screen, title);
    await line.waitFor();
    // The table previews the cover and links the video.
    expect(await line.locator('.ant-image img').getAttribute('src')).toBe(cover);
    expect(await line.locator(`a[href="${clip}"]`).count()).toBe(1);

    // The dialog lists it under its column, and plays it full screen.
    const list = await openGuide();
    await list
      .locator('.ant-segmented-item')
      .filter({ hasText: /^P01 \(/ })
      .click();
    const card = list.getByTestId('video-help-item').filter({ hasText: title });
    await card.click();
    await page.locator('[data-testid=video-help-player][data-mode=full]').waitFor();
    await expect.poll(async () => (await state()).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect((await state()).duration).toBeCloseTo(30, 0);
    expect((await state()).full).toBe(true);
    // It plays: the position moves on by itself.
    await expect.poll(async () => (await state()).time, { timeout: 15_000 }).toBeGreaterThan(0.2);

    // Held still, so the seek is measured alone.
    await page.evaluate(() =>
      document.querySelector<HTMLVideoElement>('[data-testid=video-help-player] video')?.pause(),
    );
    const before = (await state()).time;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await state()).time).toBeCloseTo(before + 5, 1);
    const left = (await state()).time;

    // Leaving full screen hides the player; the dialog stays.
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=video-help-player]').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
    await list.waitFor();

    // Reopened, the video resumes where it was left.
    await list.locator('.ant-modal-close').click();
    await list.waitFor({ state: 'hidden' });
    const again = await openGuide();
    await again.getByTestId('video-help-item').filter({ hasText: title }).click();
    await page.locator('[data-testid=video-help-player][data-mode=full]').waitFor();
    await expect.poll(async () => (await state()).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const resumed = (await state()).time;
    expect(Math.abs(resumed - left)).toBeLessThanOrEqual(1);
    await page.evaluate(() => document.exitFullscreen());
    await page.locator('[data-testid=video-help-player]').waitFor({ state: 'detached' });
  });
});
