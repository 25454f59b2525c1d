import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { formatAmount } from '../shared/format.ts';
import { type Bps, slippagePercent } from './slippage.ts';
import type { SwapOrder } from './useSwap.ts';

/** The last look before the swap is sent: what is sold, the expected ETH and the least that will be accepted. */
export function SwapConfirmDialog(props: {
  order: SwapOrder;
  walletName: string;
  amountOut: string;
  slippage: Bps;
  busy: boolean;
  onOk: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { order } = props;
  return (
    <ActionDialog
      testId="exchange-confirm"
      title={t('walletTools.confirmSwap')}
      okText={t('walletTools.confirmSwapOk')}
      busy={props.busy}
      onOk={props.onOk}
      onCancel={props.onCancel}
    >
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'wallet', label: t('walletTools.wallet'), children: props.walletName },
          {
            key: 'in',
            label: t('walletTools.amountIn'),
            children: `${formatAmount(order.amountIn, 18)} YBI`,
          },
          {
            key: 'out',
            label: t('walletTools.amountOut'),
            children: `${formatAmount(props.amountOut, 18)} ETH`,
          },
          {
            key: 'slippage',
            label: t('walletTools.slippage'),
            children: `${slippagePercent(props.slippage)} %`,
          },
          {
            key: 'min',
            label: t('walletTools.minOut'),
            children: <span data-testid="exchange-confirm-min">{formatAmount(order.minOut, 18)} ETH</span>,
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('walletTools.confirmSwapHint')}
      </Typography.Paragraph>
    </ActionDialog>
  );
}
