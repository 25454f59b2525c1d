import { TranslationOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@yuan/contract/constants';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/hooks/useLanguage.ts';
import { switchLanguage } from '../../shared/i18n/language.ts';

/** Language switch: saves zh/en and reloads the page. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({ key: language, label: t(`language.${language}`) })),
        onClick: ({ key }) => {
          if (key !== current) {
            switchLanguage(key === 'en' ? 'en' : 'zh');
          }
        },
      }}
    >
      <Button
        type="text"
        aria-label={t('language.label')}
        icon={<TranslationOutlined />}
        data-testid="language-switch"
      />
    </Dropdown>
  );
}
