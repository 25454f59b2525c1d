import { DEFAULT_TENANT_ID } from '@yuan/contract/constants';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api/http.ts';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';

const RETRIEVE = '/api/yuan-user/pwd/retrieve';

interface Values {
  tenantId: string;
  account: string;
  code?: string;
  newPassword?: string;
  newPassword1?: string;
}

/** Forgotten password: a code e-mailed to the account's address, then the new password twice. */
export function RetrieveDialog({ tenantMode, onClose }: { tenantMode: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [sent, setSent] = useState(false);
  const { busy, run } = useBusy();

  const sendCode = () =>
    run(async () => {
      const { tenantId, account } = await form.validateFields(['tenantId', 'account']);
      const answer = await request<{ msg: string }>(RETRIEVE, {
        method: 'POST',
        auth: false,
        body: { tenantId: tenantId.trim(), account: account.trim() },
      });
      setSent(true);
      toastSuccess(answer.msg);
    });

  const reset = () =>
    run(async () => {
      const values = await form.validateFields();
      const answer = await request<{ msg: string }>(RETRIEVE, {
        method: 'POST',
        auth: false,
        body: { ...values, tenantId: values.tenantId.trim(), account: values.account.trim() },
      });
      toastSuccess(answer.msg);
      onClose();
    });

  return (
    <ActionDialog title={t('retrieve.title')} onCancel={onClose} footer={null} testId="retrieve-dialog">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ tenantId: DEFAULT_TENANT_ID, account: '' }}
        onFinish={() => void (sent ? reset() : sendCode())}
      >
        <Form.Item
          name="tenantId"
          label={t('register.tenant')}
          hidden={!tenantMode}
          rules={[{ required: true, whitespace: true, message: t('register.tenantRequired') }]}
        >
          <Input maxLength={12} />
        </Form.Item>
        <Form.Item
          name="account"
          label={t('register.account')}
          extra={t('retrieve.hint')}
          rules={[{ required: true, whitespace: true, message: t('register.accountRequired') }]}
        >
          <Input maxLength={64} autoComplete="username" disabled={sent} />
        </Form.Item>
        {sent ? (
          <>
            <Form.Item
              name="code"
              label={t('retrieve.code')}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.codeRequired') }]}
            >
              <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
            <Form.Item
              name="newPassword"
              label={t('retrieve.newPassword')}
              rules={[{ required: true, min: 6, message: t('retrieve.passwordRule') }]}
            >
              <Input.Password maxLength={128} autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="newPassword1"
              label={t('register.password2')}
              dependencies={['newPassword']}
              rules={[
                { required: true, message: t('register.passwordRequired') },
                ({ getFieldValue }) => ({
                  validator: (_rule, value) =>
                    value === getFieldValue('newPassword')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('register.mismatch'))),
                }),
              ]}
            >
              <Input.Password maxLength={128} autoComplete="new-password" />
            </Form.Item>
          </>
        ) : null}
        <Space>
          {sent ? (
            <Button onClick={() => void sendCode()} disabled={busy}>
              {t('login.sendCode')}
            </Button>
          ) : null}
          <Button type="primary" htmlType="submit" loading={busy}>
            {sent ? t('retrieve.reset') : t('login.sendCode')}
          </Button>
        </Space>
      </Form>
    </ActionDialog>
  );
}
