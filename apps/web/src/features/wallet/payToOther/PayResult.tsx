import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../shared/format.ts';
import type { PaidResult } from './usePayment.ts';

const STATUS = { confirmed: 'success', pending: 'info', failed: 'error' } as const;

/** What the server answered for a payment: the transaction's hash at once, its state as the chain has it so far. */
export function PayResult({ result, onClose }: { result: PaidResult; onClose: () => void }) {
  const { t } = useTranslation();
  const { answer } = result;
  return (
    <div data-testid="pay-result" data-status={answer.status}>
      <Result
        status={STATUS[answer.status]}
        title={t(`wallet.pay.result.${answer.status}`)}
        subTitle={t('wallet.pay.result.summary', { amount: formatAmount(result.amount, 18), to: result.to })}
        extra={<Button onClick={onClose}>{t('wallet.pay.again')}</Button>}
      >
        <Typography.Paragraph style={{ textAlign: 'center', marginBottom: 0 }}>
          <Typography.Text type="secondary">{t('wallet.tx.hash')}: </Typography.Text>
          <Typography.Text
            code
            copyable={{ text: answer.txHash }}
            style={{ wordBreak: 'break-all' }}
            data-testid="pay-tx-hash"
          >
            {answer.txHash}
          </Typography.Text>
        </Typography.Paragraph>
      </Result>
    </div>
  );
}
