import { HEADERS, LANGUAGES, type Language } from '@yuan/contract/constants';
import { getToken } from '../auth/token.ts';
import { initI18n } from './index.ts';
import { acceptLanguage, getLanguage, saveLanguage, switchLanguage } from './language.ts';

/**
 * The server's language texts over the bundled ones (SPEC §7 i18n: model eth_frontend; on failure the bundled
 * texts stay). Plain fetch on purpose: this module is part of the login page's bundle, and a failure here must
 * never toast or sign anybody out (the request client would do both).
 */

/** The web client's text model; the same as the contract's I18N_MODEL, whose module would bring zod along. */
export const TEXT_MODEL = 'eth_frontend';
const BASE = '/api/yuan-api/i18n';
/** The first screen waits at most this long for the texts, then shows the bundled ones. */
const TEXTS_WAIT_MS = 3000;
/** Saving or reading the user's language must not hold a language switch or a sign-in for long. */
const LANGUAGE_WAIT_MS = 5000;

type Texts = Record<string, string>;

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The envelope's data of one GET, or null on any failure (network, time-out, refusal, unexpected body). */
async function getData(path: string, params: Record<string, string>, waitMs: number): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), waitMs);
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': acceptLanguage(getLanguage()),
  });
  const token = getToken();
  if (token) {
    headers.set(HEADERS.auth, `bearer ${token}`);
  }
  try {
    const response = await fetch(`${BASE}${path}?${new URLSearchParams(params).toString()}`, {
      headers,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    if (!response.ok) {
      return null;
    }
    const body = (await response.json()) as { code?: number; data?: unknown } | null;
    return body?.code === 200 ? (body.data ?? null) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Only string values: a malformed answer must not put objects where i18next expects texts. */
function textsOf(data: unknown): Texts | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return null;
  }
  const texts: Texts = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string') {
      texts[key] = value;
    }
  }
  return texts;
}

/**
 * Loads the server's texts of a language (the stored one by default) over the bundled ones. Never rejects: when the
 * call fails nothing changes. Resolves true when texts were added.
 */
export async function loadServerTexts(language: Language = getLanguage()): Promise<boolean> {
  const texts = textsOf(await getData('/listByLanguage', { language, i18nModel: TEXT_MODEL }, TEXTS_WAIT_MS));
  if (!texts || Object.keys(texts).length === 0) {
    return false;
  }
  const i18n = initI18n();
  i18n.addResourceBundle(language, 'translation', texts, true, true);
  if (i18n.language === language) {
    // Screens already drawn re-render on languageChanged (react-i18next does not listen to added resources).
    void i18n.changeLanguage(language);
  }
  return true;
}

/** Whether the language is kept on the server: signed in, and not a tourist (SPEC: tourists keep it locally). */
export function keepsLanguageOnServer(tourist: boolean): boolean {
  return getToken() !== '' && !tourist;
}

/**
 * The language switch of the app (saves locally and reloads); a signed-in user's choice is saved on the server
 * first. A failed save does not stop the switch: the local choice still applies.
 */
export async function chooseLanguage(language: Language, tourist: boolean): Promise<void> {
  if (keepsLanguageOnServer(tourist)) {
    await getData(
      '/saveOrUpdateLanguage',
      { i18nModel: TEXT_MODEL, languageType: language },
      LANGUAGE_WAIT_MS,
    );
  }
  switchLanguage(language);
}

/**
 * After a sign-in: the user's language on the server when it is one the app speaks and differs from the local
 * choice, else null (tourists, failures and equal choices change nothing). A user who never chose one on the server
 * keeps the local choice, which becomes theirs.
 */
export async function serverLanguageChange(tourist: boolean): Promise<Language | null> {
  if (!keepsLanguageOnServer(tourist)) {
    return null;
  }
  const data = await getData('/user-language/getLanguage', { i18nModel: TEXT_MODEL }, LANGUAGE_WAIT_MS);
  const chosen =
    typeof data === 'object' && data !== null ? (data as { languageType?: unknown }).languageType : undefined;
  if (chosen === null) {
    await getData(
      '/saveOrUpdateLanguage',
      { i18nModel: TEXT_MODEL, languageType: getLanguage() },
      LANGUAGE_WAIT_MS,
    );
    return null;
  }
  return isLanguage(chosen) && chosen !== getLanguage() ? chosen : null;
}

/** Adopts the server's language as the app switches: save it, then load `path` afresh in that language. */
export function reloadInLanguage(language: Language, path: string): void {
  saveLanguage(language);
  window.location.assign(path);
}
