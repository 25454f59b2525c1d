import { sdkSchemas } from '@yuan/contract/wallet/wallet';
import { Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { walletApi } from '../shared/walletApi.ts';
import { zodRule } from '../shared/zodRule.ts';
import { UserSelect } from './UserSelect.tsx';

interface SendValues {
  code: string;
  userId: string;
  channel: 'mail' | 'sms';
}

/**
 * Sends one code to a user of the tenant, by mail (the user's e-mail) or SMS (the user's phone, through the tenant's
 * SMS service). `code` fixes the code (a row of a new batch); without it the code is typed (one kept from before).
 */
export function SendCodeForm(props: { code?: string; onSent?: () => void; testId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [form] = Form.useForm<SendValues>();
  const [sending, setSending] = useState(false);
  const send = async (values: SendValues) => {
    setSending(true);
    try {
      await walletApi.sendCode({
        code: (props.code ?? values.code).trim(),
        userId: values.userId,
        channel: values.channel,
      });
      toastSuccess(t('walletTools.codeDelivered'));
      form.resetFields(props.code ? ['userId'] : ['code', 'userId']);
      props.onSent?.();
    } catch {
      // The server's reason (unknown user, mail not configured…) was shown as a toast.
    } finally {
      setSending(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ channel: 'mail', code: props.code }}
      onFinish={(values) => void send(values)}
      data-testid={props.testId}
    >
      {props.code ? null : (
        <Form.Item
          name="code"
          label={t('walletTools.redeemCode')}
          rules={[
            { required: true, message: t('walletTools.redeemCodeRequired') },
            zodRule(sdkSchemas.send.shape.code, lang),
          ]}
        >
          <Input maxLength={40} autoComplete="off" data-testid={`${props.testId}-code`} />
        </Form.Item>
      )}
      <Form.Item
        name="userId"
        label={t('walletTools.user')}
        rules={[{ required: true, message: t('walletTools.userRequired') }]}
      >
        <UserSelect testId={`${props.testId}-user`} />
      </Form.Item>
      <Form.Item name="channel" label={t('walletTools.channel')}>
        <Radio.Group data-testid={`${props.testId}-channel`}>
          <Radio value="mail">{t('walletTools.channelMail')}</Radio>
          <Radio value="sms">{t('walletTools.channelSms')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending} data-testid={`${props.testId}-submit`}>
        {t('walletTools.sendToUser')}
      </Button>
    </Form>
  );
}
