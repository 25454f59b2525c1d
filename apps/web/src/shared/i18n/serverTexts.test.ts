import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, jsonResponse } from '../../test/responses.ts';
import { setUpRequests } from '../../test/requestHarness.ts';
import { saveTokens } from '../auth/token.ts';
import { layout as enLayout } from './en-US/layout.ts';
import { addTexts, initI18n } from './index.ts';
import { switchLanguage } from './language.ts';
import { chooseLanguage, loadServerTexts, serverLanguageChange } from './serverTexts.ts';
import { layout as zhLayout } from './zh-CN/layout.ts';

// Switching reloads the page, which jsdom cannot do: the switch itself is watched instead.
vi.mock('./language.ts', async (original) => ({
  ...(await original<typeof import('./language.ts')>()),
  switchLanguage: vi.fn(),
}));

const { fetchMock, toast } = setUpRequests();
const i18n = initI18n();

function calledUrls(): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url));
}

beforeEach(() => {
  // Each test starts from the bundled texts (a previous test may have put the server's over them).
  i18n.addResourceBundle('en', 'translation', enLayout, true, true);
  i18n.addResourceBundle('zh', 'translation', zhLayout, true, true);
});

describe('server texts', () => {
  it('puts the server texts of the language over the bundled ones', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ 'tabs.home': 'Start page', 'e2e.only': 'New text' }));
    expect(await loadServerTexts('en')).toBe(true);
    expect(calledUrls()[0]).toBe('/api/yuan-api/i18n/listByLanguage?language=en&i18nModel=eth_frontend');
    expect(i18n.t('tabs.home', { lng: 'en' })).toBe('Start page');
    expect(i18n.t('e2e.only', { lng: 'en' })).toBe('New text');
    // Other keys and the other language keep their bundled texts.
    expect(i18n.t('layout.home', { lng: 'en' })).toBe(enLayout['layout.home']);
    expect(i18n.t('tabs.home', { lng: 'zh' })).toBe(zhLayout['tabs.home']);
  });

  it('keeps a server text when an area loads its bundled texts later', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ 'area.late': 'From the server' }));
    await loadServerTexts('en');
    addTexts({ 'area.late': '包内' }, { 'area.late': 'Bundled' });
    expect(i18n.t('area.late', { lng: 'en' })).toBe('From the server');
    expect(i18n.t('area.late', { lng: 'zh' })).toBe('包内');
  });

  it('keeps the bundled texts, without a toast, when the call fails', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(jsonResponse({ code: 500, success: false, msg: 'boom', data: null }, 500))
      .mockResolvedValueOnce(jsonResponse({ code: 400, success: false, msg: 'bad', data: null }));
    expect(await loadServerTexts('zh')).toBe(false);
    expect(await loadServerTexts('zh')).toBe(false);
    expect(await loadServerTexts('zh')).toBe(false);
    expect(i18n.t('tabs.home', { lng: 'zh' })).toBe(zhLayout['tabs.home']);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('ignores values that are not texts', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ 'tabs.home': { nested: true }, 'layout.home': 'Start' }));
    await loadServerTexts('en');
    expect(i18n.t('tabs.home', { lng: 'en' })).toBe(enLayout['tabs.home']);
    expect(i18n.t('layout.home', { lng: 'en' })).toBe('Start');
  });
});

describe('language choice', () => {
  it('saves a signed-in user’s switch on the server, then switches as before', async () => {
    saveTokens('access-1', 'refresh-1');
    fetchMock.mockResolvedValueOnce(envelope({ languageType: 'en' }));
    await chooseLanguage('en', false);
    expect(calledUrls()).toEqual([
      '/api/yuan-api/i18n/saveOrUpdateLanguage?i18nModel=eth_frontend&languageType=en',
    ]);
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Blade-Auth')).toBe('bearer access-1');
    expect(switchLanguage).toHaveBeenCalledWith('en');
  });

  it('switches even when saving on the server fails', async () => {
    saveTokens('access-1', 'refresh-1');
    fetchMock.mockRejectedValueOnce(new TypeError('network down'));
    await chooseLanguage('zh', false);
    expect(switchLanguage).toHaveBeenCalledWith('zh');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('keeps a visitor’s or a tourist’s choice locally only', async () => {
    await chooseLanguage('en', false);
    saveTokens('access-1', 'refresh-1');
    await chooseLanguage('en', true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(switchLanguage).toHaveBeenCalledTimes(2);
  });

  it('after a sign-in, answers the server’s language when it differs from the local one', async () => {
    saveTokens('access-1', 'refresh-1');
    fetchMock
      .mockResolvedValueOnce(envelope({ languageType: 'en' }))
      .mockResolvedValueOnce(envelope({ languageType: 'zh' }))
      .mockResolvedValueOnce(envelope({ languageType: 'ja' }));
    expect(await serverLanguageChange(false)).toBe('en');
    expect(calledUrls()[0]).toBe('/api/yuan-api/i18n/user-language/getLanguage?i18nModel=eth_frontend');
    // The local choice is zh by default: equal, and a language the app does not speak, change nothing.
    expect(await serverLanguageChange(false)).toBeNull();
    expect(await serverLanguageChange(false)).toBeNull();
    expect(await serverLanguageChange(true)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
