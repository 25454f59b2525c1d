import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { websiteModule } from './index.ts';

const URL = '/api/yuan-api/website/config';
const { t, tokens } = twoTenantApp(() => ({}), [websiteModule]);
const page = {
  title: '元宇宙管理平台',
  banner: '/oss/000000/banner.png',
  intro: '<p>欢迎 <b>使用</b><script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
  links: [{ title: '钱包', url: '/yuan/generic/wallet0/index' }],
};

describe('website configuration', () => {
  it('is empty until saved, then every user of the tenant reads the sanitized page', async () => {
    const before = await t.call('GET', URL, tokens.noPerm);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({ title: '', banner: '', intro: '', links: [], updateTime: null });

    const saved = await t.call('POST', URL, tokens.a, page);
    expect(saved.statusCode, saved.body).toBe(200);
    const data = saved.json().data;
    expect(data.title).toBe('元宇宙管理平台');
    expect(data.intro).toContain('<b>使用</b>');
    expect(data.intro).not.toMatch(/script|onerror|alert/);
    expect(data.updateTime).toEqual(expect.any(String));

    const read = await t.call('GET', URL, tokens.noPerm);
    expect(read.json().data).toEqual(data);
    // Another tenant keeps its own (empty) page.
    expect((await t.call('GET', URL, tokens.b)).json().data.title).toBe('');
  });

  it('takes back the whole answer it gave (updateTime, tenantId ignored) and names an unknown field', async () => {
    const first = (await t.call('POST', URL, tokens.a, page)).json().data;
    const again = await t.call('POST', URL, tokens.a, { ...first, title: '第二版', tenantId: '000000' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.title).toBe('第二版');
    const unknown = await t.call('POST', URL, tokens.a, { ...page, colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('colour');
  });

  it('refuses unsafe addresses, too many links and oversized text, changing nothing', async () => {
    const before = (await t.call('GET', URL, tokens.a)).json().data;
    const bad = [
      { ...page, banner: 'javascript:alert(1)' },
      { ...page, links: [{ title: 'x', url: '//evil.example/path' }] },
      { ...page, links: [{ title: '', url: '/wel/index' }] },
      { ...page, links: Array.from({ length: 13 }, (_, i) => ({ title: `l${i}`, url: '/wel/index' })) },
      { ...page, intro: 'x'.repeat(20_001) },
      { ...page, title: 42 },
      { title: 'only a title' },
    ];
    for (const body of bad) {
      const answer = await t.call('POST', URL, tokens.a, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json().success).toBe(false);
    }
    const wrongUrl = await t.call('POST', URL, tokens.a, { ...page, banner: 'data:text/html,x' });
    expect(wrongUrl.json().msg).toContain('http(s)');
    expect((await t.call('GET', URL, tokens.a)).json().data).toEqual(before);
  });

  it('is saved only with the welcome page edit button', async () => {
    const refused = await t.call('POST', URL, tokens.noPerm, page);
    expect(refused.statusCode).toBe(403);
  });
});
