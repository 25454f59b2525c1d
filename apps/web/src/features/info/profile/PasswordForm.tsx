import { PASSWORD_MIN } from '@yuan/contract/constants';
import { Alert, Button, Form, Input, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { PasswordValues } from './api.ts';
import { usePasswordChange } from './usePasswordChange.ts';
import { confirmMatches } from './validation.ts';

/** The server's limit on every password field (contract updatePassword). */
const PASSWORD_MAX = 128;

interface Props {
  /** Prefix of the field ids; both profile screens can be open (kept alive) at once, so each passes its own. */
  formName: string;
}

/** Change password: current, new, confirmation. Used by the profile tab and by /info/pwd alone. */
export function PasswordForm({ formName }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  // A changed password must not stay in the fields (a kept-alive tab would keep showing it).
  const change = usePasswordChange(() => form.resetFields());
  const saving = change.isPending;
  const tooLong: Rule = { max: PASSWORD_MAX, message: t('profile.tooLong', { max: String(PASSWORD_MAX) }) };

  return (
    <Form
      form={form}
      name={formName}
      layout="vertical"
      style={{ maxWidth: 480 }}
      // Inputs stay enabled while saving (disabling them would drop the keyboard focus); Enter is ignored instead.
      onFinish={(values) => {
        if (!saving) {
          change.mutate(values);
        }
      }}
      data-testid="profile-password-form"
    >
      <Alert type="info" showIcon title={t('profile.passwordHint')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="oldPassword"
        label={t('profile.oldPassword')}
        rules={[{ required: true, message: t('profile.oldPasswordRequired') }, tooLong]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('profile.newPassword')}
        rules={[
          { required: true, message: t('profile.newPasswordRequired') },
          { min: PASSWORD_MIN, message: t('profile.passwordMin', { min: String(PASSWORD_MIN) }) },
          tooLong,
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('profile.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('profile.confirmPasswordRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              confirmMatches(getFieldValue('newPassword'), value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('profile.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
          {t('profile.submit')}
        </Button>
        <Button disabled={saving} onClick={() => form.resetFields()}>
          {t('profile.clear')}
        </Button>
      </Space>
    </Form>
  );
}
