import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { shortHash } from './format.ts';
import { useWallets } from './useWallets.ts';

interface WalletSelectProps {
  testId?: string;
  width?: number;
}

/**
 * The chosen wallet of every wallet screen (useChosenWallet): picking one here switches the others too, so a user
 * who picked a wallet on the first page pays from it on the payment screen.
 */
export function WalletSelect({ testId = 'wallet-select', width = 280 }: WalletSelectProps) {
  const { t } = useTranslation();
  const { query, wallets, current, choose } = useWallets();
  return (
    <Select
      value={current?.id}
      onChange={choose}
      loading={query.isPending}
      disabled={wallets.length === 0}
      placeholder={t('wallet.select.placeholder')}
      style={{ width, maxWidth: '100%' }}
      data-testid={testId}
      options={wallets.map((w) => ({
        value: w.id,
        label: `${w.name || t('wallet.unnamed')} (${shortHash(w.address)})`,
      }))}
    />
  );
}
