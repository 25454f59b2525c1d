import { Alert, Card, Col, Row, Spin, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../shared/format.ts';
import type { SwapQuote } from '../shared/walletApi.ts';

/** A price impact above this many percent is shown as a warning: the swap moves the pool's price a lot. */
const HIGH_IMPACT_PERCENT = 5;

/** The live quote of the typed amount: the ETH it pays, the price impact and the least the swap will accept. */
export function QuotePanel(props: {
  quote: SwapQuote | undefined;
  settled: boolean;
  loading: boolean;
  failed: boolean;
  minOut: string | null;
}) {
  const { t } = useTranslation();
  const { quote, settled, loading, failed, minOut } = props;
  if (failed) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('walletTools.quoteFailed')}
        style={{ marginBottom: 16 }}
        data-testid="exchange-quote-failed"
      />
    );
  }
  const impact = quote?.priceImpactPercent ?? 0;
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="exchange-quote">
      <Spin spinning={loading || (quote !== undefined && !settled)}>
        {quote ? (
          <Row gutter={16}>
            <Col xs={24} sm={10}>
              <Statistic
                title={t('walletTools.amountOut')}
                value={formatAmount(quote.amountOut, 8)}
                suffix="ETH"
                data-testid="exchange-quote-out"
              />
            </Col>
            <Col xs={12} sm={7}>
              <Statistic
                title={t('walletTools.priceImpact')}
                value={impact}
                precision={2}
                suffix="%"
                styles={{ content: impact > HIGH_IMPACT_PERCENT ? { color: '#cf1322' } : undefined }}
                data-testid="exchange-quote-impact"
              />
            </Col>
            <Col xs={12} sm={7}>
              <Statistic
                title={t('walletTools.minOut')}
                value={minOut === null ? '-' : formatAmount(minOut, 8)}
                suffix="ETH"
                data-testid="exchange-quote-min"
              />
            </Col>
          </Row>
        ) : (
          <Typography.Text type="secondary">{t('walletTools.quoteHint')}</Typography.Text>
        )}
      </Spin>
      {quote && impact > HIGH_IMPACT_PERCENT ? (
        <Alert type="warning" showIcon title={t('walletTools.highImpact')} style={{ marginTop: 12 }} />
      ) : null}
    </Card>
  );
}
