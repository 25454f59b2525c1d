import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A screen whose data could not be read: says so and offers to read it again. */
export function LoadFailed({ onRetry, testId }: { onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('common.loadFailed')}
      extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
      {...(testId ? { 'data-testid': testId } : {})}
    />
  );
}
