import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@yuan/contract/constants';

const KEY = 'yuan-language';

function isLanguage(value: string | null): value is Language {
  return value !== null && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored interface language: `zh` or `en` (SPEC §4), zh by default. */
export function getLanguage(): Language {
  try {
    const stored = localStorage.getItem(KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function saveLanguage(language: Language): void {
  localStorage.setItem(KEY, language);
}

/** Switching saves the choice and reloads, so every text (including cached menus and tabs) is rebuilt. */
export function switchLanguage(language: Language): void {
  saveLanguage(language);
  window.location.reload();
}

/** The value of the Accept-Language header for the stored language. */
export function acceptLanguage(language: Language): string {
  return language === 'en' ? 'en-US,en' : 'zh-CN,zh';
}
