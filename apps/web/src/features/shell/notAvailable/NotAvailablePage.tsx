import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../../shared/screen/useScreen.ts';

/** Shared screen for menu routes whose feature is not built yet: shows the menu name. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const { label } = useScreen();
  return <Result status="info" title={label} subTitle={t('screen.notAvailable')} />;
}
