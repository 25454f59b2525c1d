import { Button, Form, Input, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { amountProblem } from '../shared/amount.ts';
import { formatAmount } from '../shared/format.ts';
import { PAY_CODE, ruleText } from '../shared/ruleText.ts';
import { useWalletInfo, useWallets } from '../shared/useWallets.ts';
import { WalletSelect } from '../shared/WalletSelect.tsx';
import { AddPayeeDialog } from './AddPayeeDialog.tsx';
import { PayConfirmDialog } from './PayConfirmDialog.tsx';
import { PayeeField } from './PayeeField.tsx';
import { PayResult } from './PayResult.tsx';
import { payeeOf } from './payees.ts';
import { usePayees } from './usePayees.ts';
import { type PayRequest, usePayment } from './usePayment.ts';
import { useSendCode } from './useSendCode.ts';
import { UnknownOutcome } from '../shared/UnknownOutcome.tsx';

interface PayValues {
  to: string;
  amount: string;
  proofKind: 'password' | 'code';
  password?: string;
  code?: string;
}

/**
 * Pays YBI from the chosen wallet to a payee or an address, proven by the wallet password or a mailed code. The
 * form is checked, the payment shown once more for confirmation, then sent; the answer's hash is shown below.
 */
export function PayForm() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [form] = Form.useForm<PayValues>();
  const { current } = useWallets();
  const info = useWalletInfo(current?.id);
  const payees = usePayees();
  const payment = usePayment();
  const code = useSendCode();
  const [confirming, setConfirming] = useState<PayRequest | null>(null);
  const [addingPayee, setAddingPayee] = useState(false);
  const proofKind = Form.useWatch('proofKind', form) ?? 'password';
  const balance = info.data?.walletId === current?.id ? info.data?.ybi : undefined;
  const payeeList = payees.data ?? [];

  const review = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values === null || current === undefined) {
      return;
    }
    setConfirming({
      walletId: current.id,
      to: values.to.trim(),
      amount: values.amount.trim(),
      proof: values.proofKind === 'code' ? { code: values.code ?? '' } : { password: values.password ?? '' },
    });
  };

  const confirm = async () => {
    if (confirming === null) {
      return;
    }
    const paid = await payment.pay(confirming);
    setConfirming(null);
    if (paid) {
      // A code is single use and the password should not linger; the payee stays for a second payment.
      form.resetFields(['amount', 'password', 'code']);
    }
  };

  return (
    <>
      <Form<PayValues>
        form={form}
        layout="vertical"
        name="pay"
        autoComplete="off"
        initialValues={{ proofKind: 'password' }}
        style={{ maxWidth: 600 }}
        data-testid="pay-form"
      >
        <Form.Item label={t('wallet.pay.wallet')} required>
          <WalletSelect testId="pay-wallet" width={600} />
        </Form.Item>
        <PayeeField payees={payeeList} loading={payees.isPending} onAddPayee={() => setAddingPayee(true)} />
        <Form.Item
          name="amount"
          label={t('wallet.pay.amount')}
          required
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const problem = amountProblem(value, balance);
                if (problem === null) {
                  return Promise.resolve();
                }
                const text = problem === 'format' ? ruleText(lang, 'amount') : t('wallet.pay.overBalance');
                return Promise.reject(new Error(text));
              },
            },
          ]}
          extra={
            <Space size="middle">
              <span data-testid="pay-balance" data-value={balance ?? ''}>
                {t('wallet.pay.balance', { amount: formatAmount(balance) })}
              </span>
              {balance ? (
                <Typography.Link
                  onClick={() => form.setFieldsValue({ amount: balance })}
                  data-testid="pay-all"
                >
                  {t('wallet.pay.all')}
                </Typography.Link>
              ) : null}
            </Space>
          }
        >
          <Input suffix="YBI" inputMode="decimal" placeholder="0.0" data-testid="pay-amount" />
        </Form.Item>
        <Form.Item name="proofKind" label={t('wallet.pay.proof')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'password', label: t('wallet.pay.byPassword') },
              { value: 'code', label: t('wallet.pay.byCode') },
            ]}
            data-testid="pay-proof-kind"
          />
        </Form.Item>
        {proofKind === 'password' ? (
          <Form.Item
            name="password"
            label={t('wallet.pay.password')}
            rules={[{ required: true, message: t('wallet.pay.passwordRequired') }]}
          >
            <Input.Password autoComplete="off" data-testid="pay-password" />
          </Form.Item>
        ) : (
          <Form.Item label={t('wallet.pay.code')} required extra={t('wallet.pay.codeHint')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, pattern: PAY_CODE, message: ruleText(lang, 'code') }]}
              >
                <Input maxLength={4} inputMode="numeric" data-testid="pay-code" />
              </Form.Item>
              <Button
                onClick={() => current && void code.send(current.id)}
                loading={code.sending}
                disabled={code.left > 0 || current === undefined}
                data-testid="pay-send-code"
              >
                {code.left > 0
                  ? t('wallet.pay.resendIn', { seconds: String(code.left) })
                  : t('wallet.pay.sendCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
        {payment.unknown ? (
          <UnknownOutcome
            title={t('wallet.pay.unknownTitle')}
            hint={t('wallet.pay.unknownHint')}
            testId="pay-unknown"
          />
        ) : null}
        <Button
          type="primary"
          onClick={() => void review()}
          loading={payment.busy}
          disabled={current === undefined}
          data-testid="pay-submit"
        >
          {t('wallet.pay.submit')}
        </Button>
      </Form>
      {payment.result ? <PayResult result={payment.result} onClose={payment.clearResult} /> : null}
      {confirming ? (
        <PayConfirmDialog
          request={confirming}
          walletName={current?.name || current?.address || ''}
          payeeName={payeeOf(payeeList, confirming.to)?.name}
          busy={payment.busy}
          onOk={() => void confirm()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {addingPayee ? (
        <AddPayeeDialog
          onClose={() => setAddingPayee(false)}
          onAdded={(payee) => {
            setAddingPayee(false);
            form.setFieldsValue({ to: payee.address });
          }}
        />
      ) : null}
    </>
  );
}
