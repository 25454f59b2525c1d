import { WALLET_FIRST_PAGE } from '@yuan/contract/constants';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withIndexSuffix } from '../../../shared/menu/rules.ts';

/** A wallet screen of a user without a wallet: wallets are created or imported on the wallet's first page. */
export function NoWallet() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Empty description={t('wallet.empty.elsewhere')} data-testid="wallet-none">
      <Button type="primary" onClick={() => navigate(withIndexSuffix(WALLET_FIRST_PAGE))}>
        {t('wallet.empty.goHome')}
      </Button>
    </Empty>
  );
}
