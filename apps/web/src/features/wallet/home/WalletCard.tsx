import { ImportOutlined, PlusOutlined, WalletOutlined } from '@ant-design/icons';
import type { WalletRow } from '@yuan/contract';
import { Button, Card, Descriptions, Divider, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useTimeZone } from '../../../shared/time/timeZone.ts';
import { BalanceSummary } from '../shared/BalanceSummary.tsx';
import { useWalletInfo } from '../shared/useWallets.ts';
import { WalletSelect } from '../shared/WalletSelect.tsx';
import type { NewWalletMode } from './NewWalletDialog.tsx';
import { QuickActions } from './QuickActions.tsx';
import { WalletName } from './WalletName.tsx';

interface WalletCardProps {
  wallet: WalletRow;
  /** More than one wallet: the card offers to switch. */
  several: boolean;
  onAdd: (mode: NewWalletMode) => void;
}

/** The chosen wallet: its name (renamed in place), address, balances and the way to the other wallet screens. */
export function WalletCard({ wallet, several, onAdd }: WalletCardProps) {
  const { t } = useTranslation();
  const info = useWalletInfo(wallet.id);
  // Times follow the tenant's zone, which may arrive after the first render.
  useTimeZone((s) => s.zone);

  return (
    <Card
      data-testid="wallet-card"
      title={
        <Space>
          <WalletOutlined />
          {t('wallet.card.title')}
        </Space>
      }
      extra={
        <Space wrap>
          {several ? <WalletSelect /> : null}
          <Button icon={<PlusOutlined />} onClick={() => onAdd('create')} data-testid="wallet-create">
            {t('wallet.new.create')}
          </Button>
          <Button icon={<ImportOutlined />} onClick={() => onAdd('import')} data-testid="wallet-import">
            {t('wallet.new.import')}
          </Button>
        </Space>
      }
    >
      <WalletName wallet={wallet} />
      <Typography.Paragraph style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{t('wallet.card.address')}: </Typography.Text>
        <Typography.Text
          code
          copyable={{ text: wallet.address, tooltips: [t('wallet.copy'), t('wallet.copied')] }}
          style={{ wordBreak: 'break-all' }}
          data-testid="wallet-address"
        >
          {wallet.address}
        </Typography.Text>
      </Typography.Paragraph>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('wallet.card.email')}>{wallet.email || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('wallet.card.created')}>
          {formatDateTime(wallet.createTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('wallet.card.chain')}>
          <span data-testid="wallet-chain">{info.data?.chainId ?? '-'}</span>
        </Descriptions.Item>
      </Descriptions>
      <Divider style={{ margin: '12px 0 20px' }} />
      <BalanceSummary walletId={wallet.id} />
      <Divider style={{ margin: '20px 0 16px' }} />
      <QuickActions />
    </Card>
  );
}
