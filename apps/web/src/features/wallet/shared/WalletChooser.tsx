import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWallets } from './useWallets.ts';
import { WalletSelect } from './WalletSelect.tsx';

const WALLET_HOME = '/yuan/generic/wallet0/index';

/**
 * The wallet a screen acts on, chosen among the user's own (the choice is shared by the wallet screens); with no
 * wallet yet, the way to the wallet home where one is created. Its texts are the walletTools area's.
 */
export function WalletChooser({ testId = 'wallet-select' }: { testId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query, wallets } = useWallets();
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
      <WalletSelect testId={testId} />
    </Form.Item>
  );
}
