import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from './PasswordForm.tsx';

/** /info/pwd: the change-password form on its own (the same form as the profile's second tab). */
export function PasswordPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('profile.tabPassword')} data-testid="password-page">
      <PasswordForm formName="info-pwd" />
    </Card>
  );
}
