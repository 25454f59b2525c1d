import type { PaymentAnswer } from '@yuan/contract/wallet/wallet';
import { Button, Card, Result, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A sent swap: its transaction hash at once; the status follows from the chain (pending until indexed). */
export function SwapResult({ answer, onAgain }: { answer: PaymentAnswer; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless">
      <Result
        status={answer.status === 'failed' ? 'warning' : 'success'}
        title={t(answer.status === 'failed' ? 'walletTools.swapFailed' : 'walletTools.swapSent')}
        subTitle={
          <span data-testid="exchange-result" data-status={answer.status}>
            {t('walletTools.txHash')}:{' '}
            <Typography.Text copyable code data-testid="exchange-result-hash">
              {answer.txHash}
            </Typography.Text>{' '}
            <Tag>{t(`walletTools.status.${answer.status}`)}</Tag>
          </span>
        }
        extra={
          <Button type="primary" onClick={onAgain} data-testid="exchange-again">
            {t('walletTools.swapAgain')}
          </Button>
        }
      />
    </Card>
  );
}
