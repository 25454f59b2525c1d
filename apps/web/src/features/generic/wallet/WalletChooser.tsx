import { Alert, Button, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { shortHash } from './format.ts';
import { useWallets } from './useWallets.ts';

const WALLET_HOME = '/yuan/generic/wallet0/index';

/**
 * The wallet a screen acts on, chosen among the user's own (the choice is shared by the wallet screens); with no
 * wallet yet, the way to the wallet home where one is created. Its texts are the walletTools area's.
 */
export function WalletChooser({ testId = 'wallet-select' }: { testId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query, wallets, current, choose } = useWallets();
  if (query.isSuccess && wallets.length === 0) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('walletTools.noWallet')}
        action={
          <Button size="small" type="primary" onClick={() => navigate(WALLET_HOME)}>
            {t('walletTools.createWallet')}
          </Button>
        }
        style={{ marginBottom: 16 }}
        data-testid={`${testId}-none`}
      />
    );
  }
  return (
    <Form.Item label={t('walletTools.wallet')} required>
      <Select
        value={current?.id}
        loading={query.isPending}
        onChange={choose}
        options={wallets.map((w) => ({
          value: w.id,
          label: (
            <span>
              {w.name} <Typography.Text type="secondary">{shortHash(w.address)}</Typography.Text>
            </span>
          ),
        }))}
        data-testid={testId}
      />
    </Form.Item>
  );
}
