import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { WalletRow } from '@yuan/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { walletApi } from '../shared/walletApi.ts';

const NAME_MAX = 64;

/** The wallet's name, renamed in place: Enter or a click elsewhere saves, Esc cancels, an unchanged name saves nothing. */
export function WalletName({ wallet }: { wallet: WalletRow }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { busy, run } = useBusy();

  const rename = (text: string) => {
    const name = text.trim();
    if (!name || name === wallet.name) {
      return;
    }
    void run(async () => {
      await walletApi.rename(wallet.id, name);
      toastSuccess(t('wallet.renamed'));
      // The list and the chain info both carry the name.
      await Promise.all([
        client.invalidateQueries({ queryKey: ['wallets'] }),
        client.invalidateQueries({ queryKey: ['wallet-info', wallet.id] }),
      ]);
    });
  };

  return (
    <Typography.Title
      level={4}
      style={{ margin: 0 }}
      data-testid="wallet-name"
      editable={{
        onChange: rename,
        maxLength: NAME_MAX,
        tooltip: t('wallet.rename'),
        icon: <EditOutlined data-testid="wallet-rename" />,
        triggerType: busy ? [] : ['icon'],
      }}
    >
      {wallet.name || t('wallet.unnamed')}
    </Typography.Title>
  );
}
