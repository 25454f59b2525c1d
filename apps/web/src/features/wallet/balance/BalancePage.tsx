import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BalanceSummary } from '../shared/BalanceSummary.tsx';
import { NoWallet } from '../shared/NoWallet.tsx';
import { TransactionsTable } from '../shared/TransactionsTable.tsx';
import { useWallets } from '../shared/useWallets.ts';
import { WalletSelect } from '../shared/WalletSelect.tsx';

/** /yuan/generic/balance: the chosen wallet's balances and its history. */
export function BalancePage() {
  const { t } = useTranslation();
  const { query, current } = useWallets();
  const noWallet = query.isSuccess && current === undefined;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="wallet-balance-page">
      <Card title={t('wallet.balance.title')} extra={<WalletSelect />}>
        {noWallet ? <NoWallet /> : <BalanceSummary walletId={current?.id} />}
      </Card>
      <Card title={t('wallet.tx.title')}>
        <TransactionsTable walletId={current?.id} />
      </Card>
    </Space>
  );
}
