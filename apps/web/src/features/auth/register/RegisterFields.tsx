import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginField } from '../shared/LoginField.tsx';
import type { RegisterErrors, RegisterValues } from './registerForm.ts';
import type { FieldChange } from './useRegisterForm.ts';

interface Props {
  /** Each input's id is `${idPrefix}-${field}`: its label points at it, and the browser tests find it by it. */
  idPrefix: string;
  values: RegisterValues;
  errors: RegisterErrors;
  change: FieldChange<RegisterValues>;
  size?: 'large';
  /** A guest registers in the tenant it signed in to, so the tenant is shown but cannot be changed. */
  tenantReadOnly?: boolean;
}

/** The fields of SPEC §5 that the register page and the guest registration dialog share. */
export function RegisterFields({ idPrefix, values, errors, change, size, tenantReadOnly = false }: Props) {
  const { t } = useTranslation();

  const field = (name: keyof RegisterValues, label: string, input: ReactNode) => (
    <LoginField id={`${idPrefix}-${name}`} label={label} error={errors[name]}>
      {input}
    </LoginField>
  );
  const bind = (name: keyof RegisterValues) => ({
    id: `${idPrefix}-${name}`,
    size,
    value: values[name],
    onChange: change(name),
    status: errors[name] ? ('error' as const) : undefined,
  });
  const password = (name: 'password' | 'password2', label: string) =>
    field(
      name,
      label,
      <Input.Password
        {...bind(name)}
        prefix={<LockOutlined />}
        maxLength={128}
        autoComplete="new-password"
      />,
    );

  return (
    <>
      {field(
        'tenantId',
        t('register.tenant'),
        tenantReadOnly ? (
          <Input
            id={`${idPrefix}-tenantId`}
            size={size}
            prefix={<TeamOutlined />}
            value={values.tenantId}
            readOnly
          />
        ) : (
          <Input {...bind('tenantId')} prefix={<TeamOutlined />} maxLength={12} />
        ),
      )}
      {field('name', t('register.name'), <Input {...bind('name')} maxLength={64} autoComplete="name" />)}
      {field(
        'account',
        t('register.account'),
        <Input {...bind('account')} prefix={<UserOutlined />} maxLength={64} autoComplete="username" />,
      )}
      {password('password', t('register.password'))}
      {password('password2', t('register.password2'))}
    </>
  );
}
