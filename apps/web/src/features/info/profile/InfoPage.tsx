import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';

/** /info/index: the signed-in user's profile, with personal info, change-password and security (second factor) tabs (SPEC §2 Profile). */
export function InfoPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('profile.title')} data-testid="profile-page">
      <Tabs
        defaultActiveKey="info"
        items={[
          { key: 'info', label: t('profile.tabInfo'), children: <ProfileForm /> },
          {
            key: 'password',
            label: t('profile.tabPassword'),
            children: <PasswordForm formName="profile-password" />,
          },
          { key: 'security', label: t('profile.tabSecurity'), children: <SecurityPanel /> },
        ]}
      />
    </Card>
  );
}
