import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoWallet } from '../shared/NoWallet.tsx';
import { TransactionsTable } from '../shared/TransactionsTable.tsx';
import { useWallets } from '../shared/useWallets.ts';
import { PayForm } from './PayForm.tsx';

/** /yuan/generic/payToOther0: pay YBI to another address, with the wallet's recent history below. */
export function PayToOtherPage() {
  const { t } = useTranslation();
  const { query, current } = useWallets();
  const noWallet = query.isSuccess && current === undefined;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="pay-page">
      <Card title={t('wallet.pay.title')}>{noWallet ? <NoWallet /> : <PayForm />}</Card>
      {noWallet ? null : (
        <Card title={t('wallet.pay.recent')}>
          <TransactionsTable walletId={current?.id} testId="pay-recent" />
        </Card>
      )}
    </Space>
  );
}
