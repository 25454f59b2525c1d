import { LANGUAGES } from '@yuan/contract/constants';
import { useTranslation } from 'react-i18next';
import { getLanguage, switchLanguage } from '../../../shared/i18n/language.ts';

/** Language choice on the public pages (plain buttons keep the login chunk small). */
export function LoginLanguage() {
  const { t } = useTranslation();
  const current = getLanguage();
  return (
    <nav className="login-language" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          aria-pressed={language === current}
          className={language === current ? 'is-active' : ''}
          onClick={() => language !== current && switchLanguage(language)}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </nav>
  );
}
