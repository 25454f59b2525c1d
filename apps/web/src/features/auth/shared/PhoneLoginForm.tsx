import { MobileOutlined, SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import { DEFAULT_TENANT_ID } from '@yuan/contract/constants';
import { Button, Input } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneLogin } from '../../../app/session/actions.ts';
import { getAppConfig } from '../../../shared/config/appConfig.ts';
import { LoginField } from './LoginField.tsx';
import type { LoginFormProps } from './LoginForm.tsx';
import { codeProblem, phoneProblem } from './phoneRules.ts';
import { usePhoneCode } from './usePhoneCode.ts';
import { useSignInFlow } from './useSecondStep.tsx';

type Field = 'tenantId' | 'phone' | 'code';

/** Phone sign-in: a code texted to the number (oauth/phone), then the code signs in. */
export function PhoneLoginForm({ onSignedIn, onTenantChange }: LoginFormProps) {
  const { t } = useTranslation();
  const config = getAppConfig();
  const texting = usePhoneCode();
  const [values, setValues] = useState<Record<Field, string>>({
    tenantId: DEFAULT_TENANT_ID,
    phone: '',
    code: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const tenantId = config.tenantMode ? values.tenantId.trim() : DEFAULT_TENANT_ID;

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (field === 'tenantId') {
      onTenantChange?.(event.target.value.trim());
    }
  };

  const checkPhone = (): boolean => {
    const problem = phoneProblem(values.phone);
    const tenantMissing = config.tenantMode && tenantId === '';
    setErrors((current) => ({
      ...current,
      phone: problem ? t(problem) : undefined,
      tenantId: tenantMissing ? t('login.tenantRequired') : undefined,
    }));
    return !problem && !tenantMissing;
  };

  const onSend = () => {
    if (checkPhone()) {
      void texting.send(tenantId, values.phone.trim());
    }
  };

  const { signedIn, secondStep } = useSignInFlow(onSignedIn);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const phoneOk = checkPhone();
    const problem = codeProblem(values.code);
    if (problem) {
      setErrors((current) => ({ ...current, code: t(problem) }));
    }
    if (!phoneOk || problem) {
      return;
    }
    setSubmitting(true);
    try {
      await phoneLogin(tenantId, values.phone.trim(), values.code.trim());
      await signedIn();
    } catch (error) {
      // A right code that needs a second step opens it; other errors are on screen already (SPEC §8).
      secondStep.take(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {secondStep.dialog}
      <form className="login-form" onSubmit={onSubmit} noValidate aria-label={t('login.phoneTab')}>
        {config.tenantMode && (
          <LoginField id="phone-tenant" label={t('login.tenant')} error={errors.tenantId}>
            <Input
              id="phone-tenant"
              size="large"
              prefix={<TeamOutlined />}
              maxLength={12}
              value={values.tenantId}
              onChange={change('tenantId')}
              status={errors.tenantId ? 'error' : undefined}
            />
          </LoginField>
        )}
        <LoginField id="phone-number" label={t('login.phone')} error={errors.phone}>
          <Input
            id="phone-number"
            size="large"
            prefix={<MobileOutlined />}
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            value={values.phone}
            onChange={change('phone')}
            onBlur={() => values.phone !== '' && checkPhone()}
            status={errors.phone ? 'error' : undefined}
          />
        </LoginField>
        <LoginField id="phone-code" label={t('login.smsCode')} error={errors.code}>
          <div className="login-form__image-captcha">
            <Input
              id="phone-code"
              size="large"
              prefix={<SafetyOutlined />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={values.code}
              onChange={change('code')}
              status={errors.code ? 'error' : undefined}
            />
            <Button size="large" onClick={onSend} loading={texting.sending} disabled={texting.left > 0}>
              {texting.left > 0
                ? t('login.resendIn', { seconds: String(texting.left) })
                : t('login.sendCode')}
            </Button>
          </div>
        </LoginField>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </form>
    </>
  );
}
