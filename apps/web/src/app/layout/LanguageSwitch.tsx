import { TranslationOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@yuan/contract/constants';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/hooks/useLanguage.ts';
import { chooseLanguage } from '../../shared/i18n/serverTexts.ts';
import { isTourist } from '../../shared/menu/rules.ts';
import { useSession } from '../../stores/session.ts';

/** Language switch: saves zh/en (on the server too, unless a tourist) and reloads the page. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLanguage();
  const tourist = useSession((state) => isTourist(state.userInfo?.role_name));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({ key: language, label: t(`language.${language}`) })),
        onClick: ({ key }) => {
          if (key !== current) {
            void chooseLanguage(key === 'en' ? 'en' : 'zh', tourist);
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
