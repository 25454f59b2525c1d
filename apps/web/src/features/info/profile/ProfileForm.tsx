import { Button, Form, Input, Result, Space, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { AvatarField } from './AvatarField.tsx';
import type { ProfileValues } from './api.ts';
import { useAvatarUpload } from './useAvatarUpload.ts';
import { cleanProfile, profileValues, useProfile } from './useProfile.ts';
import { isValidEmail, phoneProblem } from './validation.ts';

/** Column limits of the server's update-info schema. */
const NAME_MAX = 64;
const EMAIL_MAX = 128;

/** Personal info: avatar, real name, user name, phone, email of the signed-in user. */
export function ProfileForm() {
  const { t } = useTranslation();
  const { profile, save } = useProfile();
  const avatar = useAvatarUpload();
  const [form] = Form.useForm<ProfileValues>();
  const saving = save.isPending;
  const busy = saving || avatar.uploading;
  const maxRule = (max: number): Rule => ({ max, message: t('profile.tooLong', { max: String(max) }) });

  if (profile.isLoading) {
    return <Spin data-testid="profile-loading" />;
  }
  if (profile.isError || !profile.data) {
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void profile.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  return (
    <Form
      form={form}
      name="profile-info"
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={profileValues(profile.data)}
      // A submit while an avatar is still uploading would save the old one; Enter is ignored until it is done.
      onFinish={(values) => {
        if (!busy) {
          save.mutate(cleanProfile(values));
        }
      }}
      data-testid="profile-form"
    >
      <Form.Item name="avatar" label={t('profile.avatar')}>
        <AvatarField avatar={avatar} saved={profile.data.avatar ?? ''} disabled={saving} />
      </Form.Item>
      <Form.Item
        name="realName"
        label={t('profile.realName')}
        rules={[
          { required: true, whitespace: true, message: t('profile.realNameRequired') },
          maxRule(NAME_MAX),
        ]}
      >
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('profile.name')}
        rules={[{ required: true, whitespace: true, message: t('profile.nameRequired') }, maxRule(NAME_MAX)]}
      >
        <Input autoComplete="nickname" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('profile.phone')}
        // Checked when leaving the field: a half-typed number is not an error yet.
        validateTrigger="onBlur"
        rules={[
          {
            validator: (_rule, value: string | undefined) => {
              const problem = phoneProblem(value);
              return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('profile.email')}
        validateTrigger="onBlur"
        rules={[
          maxRule(EMAIL_MAX),
          {
            validator: (_rule, value: string | undefined) =>
              isValidEmail(value) ? Promise.resolve() : Promise.reject(new Error(t('profile.emailInvalid'))),
          },
        ]}
      >
        <Input inputMode="email" autoComplete="email" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} disabled={busy}>
          {t('profile.submit')}
        </Button>
        <Button disabled={busy} onClick={() => form.resetFields()}>
          {t('profile.reset')}
        </Button>
      </Space>
    </Form>
  );
}
