import { LANGUAGES } from '@yuan/contract/constants';
import { LANGUAGE } from '@yuan/contract/i18n/i18n';

/** The languages the app speaks come first; any other code (ja, zh-TW…) may be typed in. */
export const LANGUAGE_CHOICES = LANGUAGES.map((value) => ({ value }));

const pattern = new RegExp(LANGUAGE);

export function isLanguageCode(value: string): boolean {
  return pattern.test(value);
}
