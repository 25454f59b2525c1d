import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { WalletRow } from '@yuan/contract';
import { Button, Card, Empty, Space, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { useWallets } from '../shared/useWallets.ts';
import { NewWalletDialog, type NewWalletMode } from './NewWalletDialog.tsx';
import { WalletCard } from './WalletCard.tsx';

/**
 * /yuan/generic/wallet0: the wallet first page (where a user lands after signing in). Without a wallet it offers to
 * create or import one; otherwise it shows the chosen wallet's card.
 */
export function WalletHomePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { query, wallets, current, choose } = useWallets();
  const [adding, setAdding] = useState<NewWalletMode | null>(null);

  const added = async (wallet: WalletRow) => {
    toastSuccess(t(adding === 'import' ? 'wallet.imported' : 'wallet.created'));
    setAdding(null);
    // The new wallet becomes the chosen one, on this screen and the others.
    choose(wallet.id);
    await client.invalidateQueries({ queryKey: ['wallets'] });
  };

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Card>
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      </Card>
    );
  } else if (query.isError && !query.data) {
    content = <LoadFailed onRetry={() => void query.refetch()} />;
  } else if (current === undefined) {
    content = (
      <Card data-testid="wallet-empty">
        <Empty description={t('wallet.empty.description')} style={{ margin: '48px 0' }}>
          <Space>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setAdding('create')}
              data-testid="wallet-create"
            >
              {t('wallet.new.create')}
            </Button>
            <Button icon={<ImportOutlined />} onClick={() => setAdding('import')} data-testid="wallet-import">
              {t('wallet.new.import')}
            </Button>
          </Space>
        </Empty>
      </Card>
    );
  } else {
    content = <WalletCard wallet={current} several={wallets.length > 1} onAdd={setAdding} />;
  }

  return (
    <div data-testid="wallet0">
      {content}
      {adding ? (
        <NewWalletDialog
          mode={adding}
          onClose={() => setAdding(null)}
          onDone={(wallet) => void added(wallet)}
        />
      ) : null}
    </div>
  );
}
