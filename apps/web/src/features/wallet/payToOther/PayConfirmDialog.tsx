import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { formatAmount } from '../shared/format.ts';
import type { PayRequest } from './usePayment.ts';

interface PayConfirmDialogProps {
  request: PayRequest;
  walletName: string;
  payeeName: string | undefined;
  busy: boolean;
  onOk: () => void;
  onCancel: () => void;
}

/** The last look before YBI leaves the wallet: a payment on chain cannot be taken back. */
export function PayConfirmDialog({
  request,
  walletName,
  payeeName,
  busy,
  onOk,
  onCancel,
}: PayConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      testId="pay-confirm"
      title={t('wallet.pay.confirmTitle')}
      okText={t('wallet.pay.confirmOk')}
      busy={busy}
      onOk={onOk}
      onCancel={onCancel}
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('wallet.pay.wallet')}>{walletName}</Descriptions.Item>
        <Descriptions.Item label={t('wallet.pay.to')}>
          {payeeName ? <div>{payeeName}</div> : null}
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {request.to}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('wallet.pay.amount')}>
          <Typography.Text strong data-testid="pay-confirm-amount">
            {formatAmount(request.amount, 18)} YBI
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('wallet.pay.confirmHint')}
      </Typography.Paragraph>
    </ActionDialog>
  );
}
