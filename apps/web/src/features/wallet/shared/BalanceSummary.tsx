import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Row, Statistic, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from './format.ts';
import { useWalletRefresh } from './useWalletRefresh.ts';
import { useWalletInfo } from './useWallets.ts';

/** Prices are small fractions of an ETH: more places than a balance. */
const PRICE_DECIMALS = 10;

/** One figure; the exact chain value rides along in data-value for the browser tests and in the tooltip. */
function Figure({ title, value, unit, testId, loading, decimals }: FigureProps) {
  return (
    <Statistic
      title={title}
      loading={loading}
      value={value ?? ''}
      formatter={() => (
        <Tooltip title={value ? `${value} ${unit}` : undefined}>
          <span data-testid={testId} data-value={value ?? ''}>
            {formatAmount(value, decimals)}
          </span>
        </Tooltip>
      )}
      suffix={unit}
    />
  );
}

interface FigureProps {
  title: string;
  value: string | undefined;
  unit: string;
  testId: string;
  loading: boolean;
  decimals?: number;
}

/** A wallet's YBI and ETH balances and YBI's price as the chain states them now, with a refresh button. */
export function BalanceSummary({ walletId }: { walletId: string | undefined }) {
  const { t } = useTranslation();
  const info = useWalletInfo(walletId);
  const refresh = useWalletRefresh();
  const data = info.data;
  const loading = walletId !== undefined && info.isPending;

  if (info.isError && !data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('wallet.balance.loadFailed')}
        action={<Button onClick={() => void info.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <Row gutter={[16, 16]} align="middle" data-testid="wallet-balances">
      <Col xs={24} sm={8} lg={7}>
        <Figure
          title={t('wallet.balance.ybi')}
          value={data?.ybi}
          unit="YBI"
          testId="wallet-ybi"
          loading={loading}
        />
      </Col>
      <Col xs={24} sm={8} lg={7}>
        <Figure
          title={t('wallet.balance.eth')}
          value={data?.eth}
          unit="ETH"
          testId="wallet-eth"
          loading={loading}
        />
      </Col>
      <Col xs={24} sm={8} lg={7}>
        <Figure
          title={t('wallet.balance.price')}
          value={data?.ybiPriceEth}
          unit="ETH"
          testId="wallet-price"
          loading={loading}
          decimals={PRICE_DECIMALS}
        />
      </Col>
      <Col xs={24} lg={3}>
        <Button
          icon={<ReloadOutlined />}
          loading={info.isFetching}
          disabled={walletId === undefined}
          onClick={() => void refresh()}
          data-testid="wallet-refresh"
        >
          {t('wallet.refresh')}
        </Button>
      </Col>
    </Row>
  );
}
