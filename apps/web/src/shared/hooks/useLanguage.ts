import type { Language } from '@yuan/contract';
import { useTranslation } from 'react-i18next';

/** The current interface language as `zh` | `en`. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh';
}
