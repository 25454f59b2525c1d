import { Button, Segmented } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAppConfig } from '../../../shared/config/appConfig.ts';
import { LoginForm } from './LoginForm.tsx';
import { PhoneLoginForm } from './PhoneLoginForm.tsx';

// Loaded when asked for: the login route's first load stays inside its budget.
const RetrieveDialog = lazy(() =>
  import('./RetrieveDialog.tsx').then((m) => ({ default: m.RetrieveDialog })),
);

/** Account/password or phone sign-in, chosen above the form; a forgotten password is retrieved by e-mail. */
export function LoginMethods() {
  const { t } = useTranslation();
  const [method, setMethod] = useState<'account' | 'phone'>('account');
  const [retrieving, setRetrieving] = useState(false);
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
      <Button type="link" size="small" onClick={() => setRetrieving(true)} style={{ paddingInline: 0 }}>
        {t('retrieve.link')}
      </Button>
      {retrieving ? (
        <Suspense fallback={null}>
          <RetrieveDialog tenantMode={getAppConfig().tenantMode} onClose={() => setRetrieving(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
