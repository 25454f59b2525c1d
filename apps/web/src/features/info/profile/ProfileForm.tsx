import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Button, Form, Result, Space, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { HostItem } from '../../../shared/schema-form/context.ts';
import { SchemaFields } from '../../../shared/schema-form/SchemaFields.tsx';
import { AvatarField } from './AvatarField.tsx';
import type { ProfileValues } from './api.ts';
import { useAvatarUpload } from './useAvatarUpload.ts';
import { cleanProfile, profileValues, useProfile } from './useProfile.ts';
import { isValidEmail, phoneProblem } from './validation.ts';

/** Column limits of the server's update-info schema. */
const NAME_MAX = 64;
const EMAIL_MAX = 128;

/** The names are checked as they are typed; a phone and an email when they are left (the renderer's way). */
/** Names are checked as they are typed; each field tells the browser what it may fill in. */
const HOST_ITEMS: Record<string, HostItem> = {
  realName: { validateTrigger: 'onChange', autoComplete: 'name' },
  name: { validateTrigger: 'onChange', autoComplete: 'nickname' },
  phone: { autoComplete: 'tel', inputMode: 'tel' },
  email: { autoComplete: 'email', inputMode: 'email' },
};

/** Personal info: avatar, real name, user name, phone, email of the signed-in user. */
export function ProfileForm() {
  const { t } = useTranslation();
  const { profile, save } = useProfile();
  const avatar = useAvatarUpload();
  const [form] = Form.useForm<ProfileValues>();
  const saving = save.isPending;
  const busy = saving || avatar.uploading;
  const maxRule = (max: number): Rule => ({ max, message: t('profile.tooLong', { max: String(max) }) });
  const fields: FormField[] = [
    { type: 'upload', prop: 'avatar', label: t('profile.avatar') },
    { type: 'input', prop: 'realName', label: t('profile.realName'), maxlength: NAME_MAX },
    { type: 'input', prop: 'name', label: t('profile.name'), maxlength: NAME_MAX },
    { type: 'input', prop: 'phone', label: t('profile.phone') },
    { type: 'input', prop: 'email', label: t('profile.email'), maxlength: EMAIL_MAX },
  ];
  // The screen's own texts (SPEC §5 of the profile); a phone and an email are checked when they are left.
  const rules: Record<string, Rule[]> = {
    realName: [
      { required: true, whitespace: true, message: t('profile.realNameRequired') },
      maxRule(NAME_MAX),
    ],
    name: [{ required: true, whitespace: true, message: t('profile.nameRequired') }, maxRule(NAME_MAX)],
    phone: [
      {
        validator: (_rule, value: string | undefined) => {
          const problem = phoneProblem(value);
          return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
        },
      },
    ],
    email: [
      maxRule(EMAIL_MAX),
      {
        validator: (_rule, value: string | undefined) =>
          isValidEmail(value) ? Promise.resolve() : Promise.reject(new Error(t('profile.emailInvalid'))),
      },
    ],
  };

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
      <SchemaFields
        fields={fields}
        rules={rules}
        items={{
          ...HOST_ITEMS,
          // The avatar is cropped and uploaded before the form is saved: the screen's own control.
          avatar: {
            control: <AvatarField avatar={avatar} saved={profile.data.avatar ?? ''} disabled={saving} />,
          },
        }}
      />
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
