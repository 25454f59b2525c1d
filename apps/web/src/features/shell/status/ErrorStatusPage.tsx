import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import '../../auth/shared/login.css';

export type ErrorStatus = '403' | '404' | '500';

/** /403, /404 and /500. */
export function ErrorStatusPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="error-status">
      <Result
        status={status}
        title={status}
        subTitle={t(`errors.${status}`)}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('errors.back')}
          </Button>
        }
      />
    </main>
  );
}
