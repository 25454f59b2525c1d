import { useQueryClient } from '@tanstack/react-query';
import type { PayeeRow } from '@yuan/contract';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { buildRules } from '../../../shared/schema-form/rules.ts';
import { SchemaFields } from '../../../shared/schema-form/SchemaFields.tsx';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { ADDRESS, ruleText } from '../shared/ruleText.ts';
import { walletApi } from '../shared/walletApi.ts';
import { PAYEES_KEY } from './usePayees.ts';

interface Values {
  name: string;
  address: string;
  remark?: string;
}

/** The contract's limit on a payee's name. */
const NAME_MAX = 64;

const ITEMS = {
  name: { testId: 'add-payee-name', validateTrigger: 'onChange' },
  address: { testId: 'add-payee-address', validateTrigger: 'onChange' },
  remark: { testId: 'add-payee-remark', validateTrigger: 'onChange' },
};

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

  const fields = useMemo<FormField[]>(
    () => [
      { type: 'input', prop: 'name', label: t('wallet.payee.name'), maxlength: NAME_MAX },
      { type: 'input', prop: 'address', label: t('wallet.payee.address'), placeholder: '0x…' },
      {
        type: 'textarea',
        prop: 'remark',
        label: t('wallet.payee.remark'),
        maxlength: 255,
        minRows: 2,
        maxRows: 2,
      },
    ],
    [t],
  );
  const rules = useMemo(() => {
    const [name, , remark] = fields;
    return {
      name: buildRules(
        { label: name?.label ?? '', kind: 'string', max: NAME_MAX, required: t('wallet.payee.nameRequired') },
        lang,
      ),
      // One text for a missing and a malformed address: the server's.
      address: [{ required: true, pattern: ADDRESS, message: ruleText(lang, 'address') }],
      remark: buildRules({ label: remark?.label ?? '', kind: 'string' }, lang),
    };
  }, [fields, lang, t]);

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
        <SchemaFields fields={fields} rules={rules} items={ITEMS} />
      </Form>
    </ActionDialog>
  );
}
