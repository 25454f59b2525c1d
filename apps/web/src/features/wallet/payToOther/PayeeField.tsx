import type { PayeeRow } from '@yuan/contract';
import { AutoComplete, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { shortHash } from '../shared/format.ts';
import { ADDRESS, ruleText } from '../shared/ruleText.ts';
import { matchingPayees, payeeOf } from './payees.ts';

interface PayeeFieldProps {
  payees: PayeeRow[];
  loading: boolean;
  onAddPayee: () => void;
}

/**
 * Whom to pay: one of the user's payees picked by name, or any address typed in. A picked payee fills in its
 * address, so what is sent and checked is always an address.
 */
export function PayeeField({ payees, loading, onAddPayee }: PayeeFieldProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const form = Form.useFormInstance();
  const typed = Form.useWatch<string | undefined>('to', form);
  const known = payeeOf(payees, typed);

  return (
    <Form.Item
      name="to"
      label={t('wallet.pay.to')}
      rules={[
        { required: true, whitespace: true, message: t('wallet.pay.toRequired') },
        {
          pattern: ADDRESS,
          message: ruleText(lang, 'address'),
          transform: (v: string | undefined) => v?.trim(),
        },
      ]}
      extra={
        <Space size="middle" wrap>
          {known ? (
            <Typography.Text type="success" data-testid="pay-to-payee">
              {t('wallet.pay.toPayee', { name: known.name })}
            </Typography.Text>
          ) : null}
          <Typography.Link onClick={onAddPayee} data-testid="pay-add-payee">
            {t('wallet.payee.add')}
          </Typography.Link>
        </Space>
      }
    >
      <AutoComplete
        options={matchingPayees(payees, known ? '' : typed).map((p) => ({
          value: p.address,
          label: (
            <Space>
              <span>{p.name}</span>
              <Typography.Text type="secondary">{shortHash(p.address)}</Typography.Text>
            </Space>
          ),
        }))}
        notFoundContent={loading ? t('common.loading') : null}
      >
        <Input placeholder={t('wallet.pay.toPlaceholder')} allowClear data-testid="pay-to" />
      </AutoComplete>
    </Form.Item>
  );
}
