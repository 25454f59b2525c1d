import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginForm } from './LoginForm.tsx';
import { PhoneLoginForm } from './PhoneLoginForm.tsx';

/** Account/password or phone sign-in, chosen above the form. */
export function LoginMethods() {
  const { t } = useTranslation();
  const [method, setMethod] = useState<'account' | 'phone'>('account');
  return (
    <>
      <Segmented
        block
        value={method}
        onChange={(value) => setMethod(value === 'phone' ? 'phone' : 'account')}
        options={[
          { value: 'account', label: t('login.accountTab') },
          { value: 'phone', label: t('login.phoneTab') },
        ]}
        style={{ marginBottom: 16 }}
      />
      {method === 'account' ? <LoginForm /> : <PhoneLoginForm />}
    </>
  );
}
