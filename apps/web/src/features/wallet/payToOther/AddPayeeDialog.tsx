import { useQueryClient } from '@tanstack/react-query';
import type { PayeeRow } from '@yuan/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { ADDRESS, ruleText } from '../shared/ruleText.ts';
import { walletApi } from '../shared/walletApi.ts';
import { PAYEES_KEY } from './usePayees.ts';

interface Values {
  name: string;
  address: string;
  remark?: string;
}

/** Saves a new payee (name, address, remark) without leaving the payment, which then pays to it. */
export function AddPayeeDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (payee: PayeeRow) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { busy, run } = useBusy();

  const save = () =>
    run(async () => {
      const values = await form.validateFields();
      const remark = values.remark?.trim();
      const payee = await walletApi.addPayee({
        name: values.name.trim(),
        address: values.address.trim(),
        ...(remark ? { remark } : {}),
      });
      toastSuccess(t('wallet.payee.added'));
      await client.invalidateQueries({ queryKey: [PAYEES_KEY] });
      onAdded(payee);
    });

  return (
    <ActionDialog
      testId="add-payee-dialog"
      title={t('wallet.payee.addTitle')}
      busy={busy}
      onOk={save}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" name="add-payee" autoComplete="off">
        <Form.Item
          name="name"
          label={t('wallet.payee.name')}
          rules={[{ required: true, whitespace: true, message: t('wallet.payee.nameRequired') }, { max: 64 }]}
        >
          <Input maxLength={64} data-testid="add-payee-name" />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('wallet.payee.address')}
          rules={[{ required: true, pattern: ADDRESS, message: ruleText(lang, 'address') }]}
        >
          <Input placeholder="0x…" data-testid="add-payee-address" />
        </Form.Item>
        <Form.Item name="remark" label={t('wallet.payee.remark')} rules={[{ max: 255 }]}>
          <Input.TextArea rows={2} maxLength={255} data-testid="add-payee-remark" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
