import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, basic } from '../../../test/env.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { authModule } from './index.ts';

const login = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/yuan-auth/oauth/token',
    headers: { authorization: basic(), ...headers },
    query: { tenantId: '000000', username: 'admin', password: ADMIN_PASSWORD, grant_type: 'password' },
  });

const answer = async (t: TestApp, key: string) =>
  (
    await t.database.root
      .selectFrom('yuan_captcha')
      .select('answer')
      .where('key', '=', key)
      .executeTakeFirstOrThrow()
  ).answer;

const PNG = /^data:image\/png;base64,iVBORw0KGgo/;

describe('image captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_MODE: 'image' }, [authModule]);
  });
  afterAll(() => t.close());

  it('serves a PNG and requires the right code, once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/yuan-auth/oauth/captcha' });
    expect(res.statusCode).toBe(200);
    const { key, image } = res.json().data;
    expect(image).toMatch(PNG);
    const code = await answer(t, key);
    expect(code).toMatch(/^\d{4}$/);

    const none = await login(t, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error_description).toBe('请先完成验证码校验');

    const good = await login(t, { 'captcha-key': key, 'captcha-code': code });
    expect(good.statusCode).toBe(200);
    const reused = await login(t, { 'captcha-key': key, 'captcha-code': code });
    expect(reused.json().error_description).toBe('验证码不正确或已过期');
  });

  it('a wrong code consumes the captcha', async () => {
    const { key } = (await t.app.inject({ method: 'GET', url: '/api/yuan-auth/oauth/captcha' })).json().data;
    const code = await answer(t, key);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    expect((await login(t, { 'captcha-key': key, 'captcha-code': wrong })).statusCode).toBe(400);
    expect((await login(t, { 'captcha-key': key, 'captcha-code': code })).statusCode).toBe(400);
  });

  it('refuses an expired captcha', async () => {
    const { key } = (await t.app.inject({ method: 'GET', url: '/api/yuan-auth/oauth/captcha' })).json().data;
    const code = await answer(t, key);
    await t.database.root
      .updateTable('yuan_captcha')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('key', '=', key)
      .execute();
    expect((await login(t, { 'captcha-key': key, 'captcha-code': code })).statusCode).toBe(400);
  });
});

/** Width and height from a PNG data URL's header. */
const pngSize = (dataUrl: string) => {
  const bytes = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
};

describe('slide captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_MODE: 'slide' }, [authModule]);
  });
  afterAll(() => t.close());

  const slide = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/yuan-auth/oauth/slide' })).json().data;

  it('serves background and piece images with the piece row', async () => {
    const data = await slide();
    expect(data.background).toMatch(PNG);
    expect(data.piece).toMatch(PNG);
    expect(data).toMatchObject({ width: 310, height: 155, pieceSize: 50 });
    // The piece's row keeps the whole piece inside the background.
    expect(Number.isInteger(data.y)).toBe(true);
    expect(data.y).toBeGreaterThanOrEqual(0);
    expect(data.y).toBeLessThanOrEqual(155 - 50);
    expect(pngSize(data.background)).toEqual([310, 155]);
    expect(pngSize(data.piece)).toEqual([50, 50]);
  });

  it('accepts an offset within the tolerance, refuses one outside it, and is single use', async () => {
    const near = await slide();
    const x = Number(await answer(t, near.key));
    expect((await login(t, { 'captcha-key': near.key, 'captcha-code': String(x + 3) })).statusCode).toBe(200);
    expect((await login(t, { 'captcha-key': near.key, 'captcha-code': String(x) })).statusCode).toBe(400);

    const far = await slide();
    const fx = Number(await answer(t, far.key));
    const res = await login(t, { 'captcha-key': far.key, 'captcha-code': String(fx + 20) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('验证码不正确或已过期');
  });

  it('refuses non-numeric offsets and an image captcha key', async () => {
    const s = await slide();
    expect((await login(t, { 'captcha-key': s.key, 'captcha-code': 'abc' })).statusCode).toBe(400);
    const img = (await t.app.inject({ method: 'GET', url: '/api/yuan-auth/oauth/captcha' })).json().data;
    const code = await answer(t, img.key);
    expect((await login(t, { 'captcha-key': img.key, 'captcha-code': code })).statusCode).toBe(400);
  });
});
