import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoWallet } from '../shared/NoWallet.tsx';
import { TransactionsTable } from '../shared/TransactionsTable.tsx';
import { useWallets } from '../shared/useWallets.ts';
import { WalletSelect } from '../shared/WalletSelect.tsx';

/** /yuan/generic/transfers: the chosen wallet's whole history, page by page. */
export function TransfersPage() {
  const { t } = useTranslation();
  const { query, current } = useWallets();
  return (
    <Card title={t('wallet.tx.title')} extra={<WalletSelect />} data-testid="wallet-transfers-page">
      {query.isSuccess && current === undefined ? (
        <NoWallet />
      ) : (
        <TransactionsTable walletId={current?.id} testId="wallet-transfers" />
      )}
    </Card>
  );
}
