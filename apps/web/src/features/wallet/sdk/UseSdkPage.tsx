import { useQueryClient } from '@tanstack/react-query';
import { sdkSchemas } from '@yuan/contract/wallet/wallet';
import { Button, Card, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { formatAmount } from '../shared/format.ts';
import { useWalletInfo, useWallets } from '../shared/useWallets.ts';
import { WalletChooser } from '../shared/WalletChooser.tsx';
import { walletApi } from '../shared/walletApi.ts';
import { zodRule } from '../shared/zodRule.ts';

interface Redeemed {
  amount: string;
  txHash: string;
}

/**
 * /yuan/generic/useSdk: a redemption code turned into YBI minted to the chosen wallet; the wallet's balances are
 * read again afterwards.
 */
export function UseSdkPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const [form] = Form.useForm<{ code: string }>();
  const { current } = useWallets();
  const info = useWalletInfo(current?.id);
  const [busy, setBusy] = useState(false);
  const [redeemed, setRedeemed] = useState<Redeemed | null>(null);

  const redeem = async ({ code }: { code: string }) => {
    if (!current) {
      return;
    }
    setBusy(true);
    try {
      setRedeemed(await walletApi.redeem(code.trim(), current.id));
      form.resetFields();
      void client.invalidateQueries({ queryKey: ['wallet-info'] });
    } catch {
      // The server's reason (unknown, used or expired code) was shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  if (redeemed) {
    return (
      <Card variant="borderless">
        <Result
          status="success"
          title={t('walletTools.redeemed', { amount: formatAmount(redeemed.amount, 18) })}
          subTitle={
            <span data-testid="redeem-result">
              {t('walletTools.txHash')}:{' '}
              <Typography.Text copyable code data-testid="redeem-result-hash">
                {redeemed.txHash}
              </Typography.Text>
            </span>
          }
          extra={
            <Button type="primary" onClick={() => setRedeemed(null)} data-testid="redeem-again">
              {t('walletTools.redeemAgain')}
            </Button>
          }
        />
      </Card>
    );
  }
  const balance = info.data?.walletId === current?.id ? info.data?.ybi : undefined;
  return (
    <Card variant="borderless" title={t('walletTools.redeemTitle')} data-testid="redeem">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        onFinish={(values) => void redeem(values)}
      >
        <WalletChooser testId="redeem-wallet" />
        <Typography.Paragraph type="secondary" data-testid="redeem-balance">
          {t('walletTools.ybiBalance', { amount: info.isFetching ? '…' : formatAmount(balance) })}
        </Typography.Paragraph>
        <Form.Item
          name="code"
          label={t('walletTools.redeemCode')}
          rules={[
            { required: true, message: t('walletTools.redeemCodeRequired') },
            zodRule(sdkSchemas.use.shape.code, lang),
          ]}
        >
          <Input maxLength={40} autoComplete="off" data-testid="redeem-code" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={busy}
          disabled={!current}
          data-testid="redeem-submit"
        >
          {t('walletTools.redeem')}
        </Button>
      </Form>
    </Card>
  );
}
