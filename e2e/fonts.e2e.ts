import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { gotoLogin, usePage } from './support/browser.ts';

const current = usePage();
let page: Page;
beforeEach(() => {
  page = current();
});

/** The fonts Chromium drew an element's text with (DevTools protocol, `CSS.getPlatformFontsForNode`). */
async function fontsOf(selector: string): Promise<{ familyName: string; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

describe('Chinese text', () => {
  it('is drawn with a CJK font, not as boxes (failure screenshots stay readable)', async () => {
    await gotoLogin(page);
    const button = page.locator('form.login-form button[type=submit]');
    await button.waitFor();
    expect(await button.textContent()).toMatch(/登\s*录/);
    const fonts = await fontsOf('form.login-form button[type=submit] span');
    const cjk = fonts.filter((f) =>
      /CJK|WenQuanYi|Droid Sans Fallback|PingFang|YaHei|SimSun|Hei/i.test(f.familyName),
    );
    expect(
      cjk.map((f) => f.glyphCount).reduce((a, b) => a + b, 0),
      JSON.stringify(fonts),
    ).toBeGreaterThan(0);
  });
});
