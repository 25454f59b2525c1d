import { DEFAULT_TENANT_ID } from '@yuan/contract/constants';
import { Button, Segmented } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAppConfig } from '../../../shared/config/appConfig.ts';
import { LoginForm } from './LoginForm.tsx';
import { PhoneLoginForm } from './PhoneLoginForm.tsx';
import { SocialLogins } from './SocialLogins.tsx';

// Loaded when asked for: the login route's first load stays inside its budget.
const RetrieveDialog = lazy(() =>
  import('./RetrieveDialog.tsx').then((m) => ({ default: m.RetrieveDialog })),
);

interface Props {
  /** Replaces going to '/' after signing in; the page then continues with the new session. */
  onSignedIn?: () => void;
}

/**
 * Account/password or phone sign-in, chosen above the form; a forgotten password is retrieved by e-mail; the
 * configured third-party providers below.
 */
export function LoginMethods({ onSignedIn }: Props) {
  const { t } = useTranslation();
  const { tenantMode } = getAppConfig();
  const [method, setMethod] = useState<'account' | 'phone'>('account');
  const [retrieving, setRetrieving] = useState(false);
  const [tenantId, setTenantId] = useState(DEFAULT_TENANT_ID);
  const formProps = { onSignedIn, onTenantChange: setTenantId };
  return (
    <>
      <Segmented
        block
        value={method}
        onChange={(value) => {
          setMethod(value === 'phone' ? 'phone' : 'account');
          // The other form starts on the default tenant.
          setTenantId(DEFAULT_TENANT_ID);
        }}
        options={[
          { value: 'account', label: t('login.accountTab') },
          { value: 'phone', label: t('login.phoneTab') },
        ]}
        style={{ marginBottom: 16 }}
      />
      {method === 'account' ? <LoginForm {...formProps} /> : <PhoneLoginForm {...formProps} />}
      <Button type="link" size="small" onClick={() => setRetrieving(true)} style={{ paddingInline: 0 }}>
        {t('retrieve.link')}
      </Button>
      {/* A provider's sign-in leaves the page and lands on '/', so a page continuing after sign-in omits it. */}
      {onSignedIn ? null : <SocialLogins tenantId={(tenantMode && tenantId) || DEFAULT_TENANT_ID} />}
      {retrieving ? (
        <Suspense fallback={null}>
          <RetrieveDialog tenantMode={tenantMode} onClose={() => setRetrieving(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
