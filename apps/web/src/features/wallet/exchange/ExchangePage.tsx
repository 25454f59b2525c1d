import { tokenAmount } from '@yuan/contract/wallet/wallet';
import { Button, Card, Form, Input, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { amountProblem } from '../shared/amount.ts';
import { formatAmount } from '../shared/format.ts';
import { useWalletInfo, useWallets } from '../shared/useWallets.ts';
import { WalletChooser } from '../shared/WalletChooser.tsx';
import type { PayProof } from '../shared/walletApi.ts';
import { zodRule } from '../shared/zodRule.ts';
import { ProofFields, type ProofKind, proofOf } from './ProofFields.tsx';
import { QuotePanel } from './QuotePanel.tsx';
import { type SlippageChoice, SlippageSetting, slippageOf } from './SlippageSetting.tsx';
import { SwapConfirmDialog } from './SwapConfirmDialog.tsx';
import { SwapResult } from './SwapResult.tsx';
import { type Bps, minOutOf, SLIPPAGE_DEFAULT } from './slippage.ts';
import { useQuote } from './useQuote.ts';
import { type SwapOrder, useSwap } from './useSwap.ts';
import { UnknownOutcome } from '../shared/UnknownOutcome.tsx';

/** A swap the user is asked to confirm, with what the dialog shows of it. */
interface Pending {
  order: SwapOrder;
  proof: PayProof;
  walletName: string;
  amountOut: string;
  slippage: Bps;
}

interface ExchangeValues {
  amountIn: string;
  proofKind: ProofKind;
  password?: string;
  code?: string;
}

/**
 * /yuan/generic/pay4Exchange: sell YBI for ETH from the chosen wallet at the pool's price, with a live quote, a
 * slippage bound (minOut) and the wallet password or a mailed code; confirmed before it is sent.
 */
export function ExchangePage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [form] = Form.useForm<ExchangeValues>();
  const { current } = useWallets();
  const info = useWalletInfo(current?.id);
  const typed = (Form.useWatch('amountIn', form) as string | undefined) ?? '';
  const { quote, settled, loading, failed } = useQuote(typed);
  const [slippage, setSlippage] = useState<SlippageChoice>({ choice: SLIPPAGE_DEFAULT, custom: '' });
  const bps = slippageOf(slippage);
  const minOut = useMemo(() => (quote && bps !== null ? minOutOf(quote.amountOut, bps) : null), [quote, bps]);
  const { swap, answer, unknown, clear } = useSwap();
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const balance = info.data?.walletId === current?.id ? info.data?.ybi : undefined;

  // Called once the form's rules passed: the swap is sent only after the user confirmed its summary.
  const submit = (values: ExchangeValues) => {
    if (!current || !quote || !settled || minOut === null || bps === null) {
      return;
    }
    setConfirming({
      order: { walletId: current.id, amountIn: values.amountIn.trim(), minOut },
      proof: proofOf(values),
      walletName: current.name,
      amountOut: quote.amountOut,
      slippage: bps,
    });
  };
  const send = async (pending: Pending) => {
    setSending(true);
    try {
      await swap(pending.order, pending.proof);
      form.resetFields(['amountIn', 'password', 'code']);
    } catch {
      // The server's reason was shown as a toast; the form keeps its values for a retry of the same swap.
    } finally {
      setSending(false);
      setConfirming(null);
    }
  };

  if (answer) {
    return <SwapResult answer={answer} onAgain={clear} />;
  }
  return (
    <Card variant="borderless" title={t('walletTools.exchangeTitle')} data-testid="exchange">
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }} onFinish={submit}>
        <WalletChooser testId="exchange-wallet" />
        <Form.Item
          label={t('walletTools.amountIn')}
          required
          extra={
            <span data-testid="exchange-balance">
              {t('walletTools.ybiBalance', { amount: info.isFetching ? '…' : formatAmount(balance) })}
            </span>
          }
        >
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="amountIn"
              noStyle
              rules={[
                { required: true, message: t('walletTools.amountRequired') },
                zodRule(tokenAmount, lang),
                {
                  validator: (_rule, value: string | undefined) =>
                    amountProblem(value, balance) === 'balance'
                      ? Promise.reject(new Error(t('walletTools.overBalance')))
                      : Promise.resolve(),
                },
              ]}
            >
              <Input
                suffix="YBI"
                inputMode="decimal"
                autoComplete="off"
                maxLength={40}
                data-testid="exchange-amount"
              />
            </Form.Item>
            <Button
              disabled={!balance}
              onClick={() => form.setFieldValue('amountIn', balance)}
              data-testid="exchange-max"
            >
              {t('walletTools.max')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <QuotePanel quote={quote} settled={settled} loading={loading} failed={failed} minOut={minOut} />
        <SlippageSetting value={slippage} onChange={setSlippage} />
        <ProofFields walletId={current?.id} testId="exchange" />
        {unknown ? (
          <UnknownOutcome
            title={t('walletTools.swapUnknown')}
            hint={t('walletTools.swapUnknownHint')}
            testId="exchange-unknown"
          />
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          loading={sending}
          disabled={!current || !settled || minOut === null}
          data-testid="exchange-submit"
        >
          {t('walletTools.swap')}
        </Button>
      </Form>
      {confirming ? (
        <SwapConfirmDialog
          order={confirming.order}
          walletName={confirming.walletName}
          amountOut={confirming.amountOut}
          slippage={confirming.slippage}
          busy={sending}
          onOk={() => void send(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </Card>
  );
}
