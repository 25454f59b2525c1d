import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  connectBrowser,
  gotoLogin,
  openPage,
  screenshotOnFailure,
  waitForLanding,
} from './support/browser.ts';
import { ADMIN_PASSWORD, type RunningServer, startServer } from './support/server.ts';

/** This file runs its own server in slide-captcha mode. */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ CAPTCHA_MODE: 'slide' }), connectBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  ({ context, page } = await openPage(browser));
});
afterEach(async (test) => {
  await screenshotOnFailure(page, test);
  await context?.close();
});

/**
 * Finds the hole like a person would: the hole is the background darkened under the piece's shape, so the right
 * offset is where the background best matches the darkened piece.
 */
async function solvePuzzle(): Promise<{ offset: number; scale: number }> {
  return page.evaluate(async () => {
    const load = (src: string) =>
      new Promise<HTMLImageElement>((resolve) => {
        const image = new Image();
        image.onload = () => resolve(image);
        image.src = src;
      });
    const images = document.querySelectorAll<HTMLImageElement>('.slide-captcha__frame img');
    const background = await load(images[0].src);
    const piece = await load(images[1].src);
    const pixels = (image: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context2d = canvas.getContext('2d');
      if (!context2d) {
        throw new Error('no canvas');
      }
      context2d.drawImage(image, 0, 0);
      return context2d.getImageData(0, 0, canvas.width, canvas.height);
    };
    const bg = pixels(background);
    const pc = pixels(piece);
    const shown = images[0].getBoundingClientRect().width;
    const pieceTop = Number.parseFloat(images[1].style.top) * (bg.width / shown);
    const y = Math.round(pieceTop);
    let best = 0;
    let bestError = Number.POSITIVE_INFINITY;
    for (let x = 0; x <= bg.width - pc.width; x += 1) {
      let error = 0;
      for (let py = 0; py < pc.height; py += 1) {
        for (let px = 0; px < pc.width; px += 1) {
          const p = (py * pc.width + px) * 4;
          if (pc.data[p + 3] === 0) {
            continue;
          }
          const b = ((y + py) * bg.width + x + px) * 4;
          for (let channel = 0; channel < 3; channel += 1) {
            error += Math.abs(bg.data[b + channel] - 0.45 * pc.data[p + channel]);
          }
        }
      }
      if (error < bestError) {
        bestError = error;
        best = x;
      }
    }
    return { offset: best, scale: shown / bg.width };
  });
}

async function drag(distance: number): Promise<void> {
  const handle = page.locator('.slide-captcha__handle');
  const box = await handle.boundingBox();
  if (!box) {
    throw new Error('no slider handle');
  }
  const startX = box.x + box.width / 2;
  const startY = box.y + box.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX + distance / 2, startY, { steps: 5 });
  await page.mouse.move(startX + distance, startY, { steps: 5 });
  await page.mouse.up();
}

async function fillCredentials(): Promise<void> {
  await gotoLogin(page, server.url);
  await page.locator('.slide-captcha__handle').waitFor();
  await page.fill('#login-account', 'admin');
  await page.fill('#login-password', ADMIN_PASSWORD);
}

describe('slide captcha', () => {
  it('asks for the puzzle before signing in', async () => {
    await fillCredentials();
    await page.click('form.login-form button[type=submit]');
    await page.getByText('请先完成滑块验证').waitFor();
  });

  it('refuses a wrong position and loads a new puzzle', async () => {
    await fillCredentials();
    const before = await page.locator('.slide-captcha__bg').getAttribute('src');
    const { offset, scale } = await solvePuzzle();
    // Far from the hole: the left end when the hole is on the right half, else the right end.
    await drag(offset > 150 ? 2 : 250 * scale);
    await page.getByText('拼图已完成，可以登录').waitFor();
    await page.click('form.login-form button[type=submit]');
    await page.locator('.ant-message').getByText('验证码不正确或已过期').waitFor();
    await expect.poll(() => page.locator('.slide-captcha__bg').getAttribute('src')).not.toBe(before);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('signs in when the piece is dragged into the hole', async () => {
    await fillCredentials();
    const { offset, scale } = await solvePuzzle();
    await drag(offset * scale);
    const sent = Number(await page.locator('.slide-captcha__handle').getAttribute('aria-valuenow'));
    expect(Math.abs(sent - offset)).toBeLessThanOrEqual(2);
    await page.click('form.login-form button[type=submit]');
    await waitForLanding(page);
  });
});
