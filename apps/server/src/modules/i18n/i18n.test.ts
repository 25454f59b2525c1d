import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { i18nModule } from './index.ts';

const BASE = '/api/yuan-api/i18n';
const { t, tokens } = twoTenantApp(() => ({}), [i18nModule]);
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();
const create = (values: Record<string, string>, token = tokens.a) =>
  t.call('GET', `${BASE}/create?${query(values)}`, token);
const byLanguage = async (language: string, token?: string, etag?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${BASE}/listByLanguage?language=${language}`,
    headers: {
      ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
      ...(etag ? { 'if-none-match': etag } : {}),
    },
  });

describe('language texts', () => {
  it('creates, lists, updates and deletes texts; a key is unique per model and language', async () => {
    const made = await create({ i18nKey: 'menu.wallet', language: 'en', i18nText: 'My wallet' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ i18nModel: 'eth_frontend', i18nKey: 'menu.wallet' });
    await create({ i18nKey: 'menu.wallet', language: 'zh', i18nText: '我的钱包' });
    const twice = await create({ i18nKey: 'menu.wallet', language: 'en', i18nText: 'Again' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toContain('menu.wallet');

    const page = await t.call('POST', `${BASE}/pageList`, tokens.a, {
      i18nKey: 'wallet',
      current: 1,
      size: 10,
    });
    expect(
      page
        .json()
        .data.records.map((r: { language: string }) => r.language)
        .sort(),
    ).toEqual(['en', 'zh']);
    const id = made.json().data.id;
    const updated = await t.call(
      'GET',
      `${BASE}/update?${query({ id, i18nKey: 'menu.wallet', language: 'en', i18nText: 'Wallet (mine)' })}`,
      tokens.a,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await byLanguage('en', tokens.a)).json().data).toEqual({ 'menu.wallet': 'Wallet (mine)' });

    const removed = await t.call('GET', `${BASE}/deleteI18nKey?i18nKey=menu.wallet`, tokens.a);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await byLanguage('zh', tokens.a)).json().data).toEqual({});
  });

  it('answers a language as one object with an ETag, 304 while unchanged, and per tenant', async () => {
    await create({ i18nKey: 'login.title', language: 'en', i18nText: 'Welcome aboard' });
    const first = await byLanguage('en', tokens.a);
    const etag = String(first.headers.etag);
    expect(first.json().data).toEqual({ 'login.title': 'Welcome aboard' });
    expect((await byLanguage('en', tokens.a, etag)).statusCode).toBe(304);
    await create({ i18nKey: 'login.more', language: 'en', i18nText: 'More' });
    const changed = await byLanguage('en', tokens.a, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    // A visitor (no token) reads the platform tenant's texts; tenant B has none of A's.
    expect((await byLanguage('en')).json().data).toHaveProperty('login.title');
    expect((await byLanguage('en', tokens.b)).json().data).toEqual({});
  });

  it("keeps each user's language on the server", async () => {
    const get = () => t.call('GET', `${BASE}/user-language/getLanguage?i18nModel=eth_frontend`, tokens.a);
    // Never chosen here: the client keeps its own choice (and saves it).
    expect((await get()).json().data).toEqual({ languageType: null });
    const saved = await t.call(
      'GET',
      `${BASE}/saveOrUpdateLanguage?i18nModel=eth_frontend&languageType=en`,
      tokens.a,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get()).json().data).toEqual({ languageType: 'en' });
    expect((await t.call('GET', `${BASE}/user-language/getLanguage`, tokens.b)).json().data).toEqual({
      languageType: null,
    });
  });

  it("refuses bad input, other tenants' ids and callers without the buttons, and changes nothing", async () => {
    const made = await create({ i18nKey: 'kept.key', language: 'en', i18nText: 'Kept' });
    const id = made.json().data.id;
    for (const bad of [
      { i18nKey: 'bad key!', language: 'en', i18nText: 'x' },
      { i18nKey: 'k', language: 'english', i18nText: 'x' },
      { i18nKey: 'k', language: 'en', i18nText: 'x'.repeat(4001) },
      { i18nKey: 'k', language: 'en', i18nText: '' },
    ]) {
      expect((await create(bad)).statusCode).toBe(400);
    }
    const other = await t.call(
      'GET',
      `${BASE}/update?${query({ id, i18nKey: 'kept.key', language: 'en', i18nText: 'Taken' })}`,
      tokens.b,
    );
    expect(other.statusCode).toBe(404);
    expect((await t.call('GET', `${BASE}/deleteI18nKey?ids=${id}`, tokens.b)).statusCode).toBe(404);
    expect((await create({ i18nKey: 'x', language: 'en', i18nText: 'x' }, tokens.noPerm)).statusCode).toBe(
      403,
    );
    expect(
      (await t.call('GET', `${BASE}/saveOrUpdateLanguage?languageType=en'--`, tokens.a)).statusCode,
    ).toBe(400);
    expect((await byLanguage('en', tokens.a)).json().data['kept.key']).toBe('Kept');
  });
});
