import { LockOutlined, ReloadOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { DEFAULT_TENANT_ID } from '@yuan/contract/constants';
import { Button, Input } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../../../app/session/actions.ts';
import { getAppConfig } from '../../../shared/config/appConfig.ts';
import { LoginField } from './LoginField.tsx';
import { SlideCaptchaField } from './SlideCaptchaField.tsx';
import { useSignInFlow } from './useSecondStep.tsx';
import { useCaptcha } from './useCaptcha.ts';
import './login.css';

interface Values {
  tenantId: string;
  username: string;
  password: string;
  code: string;
}

type Errors = Partial<Record<keyof Values | 'slide', string>>;

export interface LoginFormProps {
  /** Replaces going to '/' after signing in (a page that continues with the new session, e.g. single sign-on). */
  onSignedIn?: () => void;
  /** The tenant as typed, for a third-party sign-in started beside the form. */
  onTenantChange?: (tenantId: string) => void;
}

/** Account/password login with the tenant field (tenant mode) and the configured captcha. */
export function LoginForm({ onSignedIn, onTenantChange }: LoginFormProps) {
  const { t } = useTranslation();
  const config = getAppConfig();
  const mode = config.captchaMode;
  const captcha = useCaptcha(mode);
  const [values, setValues] = useState<Values>({
    tenantId: DEFAULT_TENANT_ID,
    username: '',
    password: '',
    code: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [offset, setOffset] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const change = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (field === 'tenantId') {
      onTenantChange?.(event.target.value.trim());
    }
  };

  const renew = () => {
    setOffset(null);
    setValues((current) => ({ ...current, code: '' }));
    captcha.reload();
  };

  const validate = (): Errors => {
    const found: Errors = {};
    if (config.tenantMode && !values.tenantId.trim()) {
      found.tenantId = t('login.tenantRequired');
    }
    if (!values.username.trim()) {
      found.username = t('login.accountRequired');
    }
    if (!values.password) {
      found.password = t('login.passwordRequired');
    }
    if (mode === 'image' && !values.code.trim()) {
      found.code = t('login.captchaRequired');
    }
    if (mode === 'slide' && offset === null) {
      found.slide = t('login.slideRequired');
    }
    return found;
  };

  const { signedIn, secondStep } = useSignInFlow(onSignedIn);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    const key = mode === 'slide' ? captcha.slide?.key : mode === 'image' ? captcha.image?.key : undefined;
    setSubmitting(true);
    try {
      await login({
        tenantId: config.tenantMode ? values.tenantId.trim() : DEFAULT_TENANT_ID,
        username: values.username.trim(),
        password: values.password,
        captchaKey: key,
        captchaCode: mode === 'slide' ? String(offset) : values.code.trim(),
      });
      await signedIn();
    } catch (error) {
      // A right password that needs a second step opens it; other errors are on screen already (SPEC §8).
      secondStep.take(error);
      // A captcha is single use, so fetch a new one.
      if (mode !== 'off') {
        renew();
      }
    } finally {
      setSubmitting(false);
    }
  };

  const status = (field: keyof Errors) => (errors[field] ? 'error' : undefined);

  return (
    <>
      {secondStep.dialog}
      <form className="login-form" onSubmit={onSubmit} noValidate aria-label={t('login.submit')}>
        {config.tenantMode && (
          <LoginField id="login-tenant" label={t('login.tenant')} error={errors.tenantId}>
            <Input
              id="login-tenant"
              size="large"
              prefix={<TeamOutlined />}
              placeholder={t('login.tenant')}
              value={values.tenantId}
              onChange={change('tenantId')}
              status={status('tenantId')}
              maxLength={12}
            />
          </LoginField>
        )}
        <LoginField id="login-account" label={t('login.account')} error={errors.username}>
          <Input
            id="login-account"
            name="username"
            size="large"
            prefix={<UserOutlined />}
            placeholder={t('login.account')}
            autoComplete="username"
            autoFocus
            maxLength={64}
            value={values.username}
            onChange={change('username')}
            status={status('username')}
          />
        </LoginField>
        <LoginField id="login-password" label={t('login.password')} error={errors.password}>
          <Input.Password
            id="login-password"
            name="password"
            size="large"
            prefix={<LockOutlined />}
            placeholder={t('login.password')}
            autoComplete="current-password"
            maxLength={128}
            value={values.password}
            onChange={change('password')}
            status={status('password')}
          />
        </LoginField>
        {mode === 'image' && (
          <LoginField id="login-code" label={t('login.captcha')} error={errors.code}>
            <div className="login-form__image-captcha">
              <Input
                id="login-code"
                size="large"
                prefix={<SafetyOutlined />}
                placeholder={t('login.captcha')}
                maxLength={8}
                value={values.code}
                onChange={change('code')}
                status={status('code')}
              />
              <button
                type="button"
                className="login-form__captcha-img"
                onClick={renew}
                title={t('login.captchaRefresh')}
              >
                {captcha.image ? (
                  <img src={captcha.image.image} alt={t('login.captcha')} />
                ) : (
                  <ReloadOutlined />
                )}
              </button>
            </div>
          </LoginField>
        )}
        {mode === 'slide' && (
          <LoginField id="login-slide" label={t('login.captcha')} error={errors.slide}>
            {captcha.slide && !captcha.loading ? (
              <SlideCaptchaField
                captcha={captcha.slide}
                solved={offset !== null}
                onSolved={(value) => {
                  setOffset(value);
                  setErrors((current) => ({ ...current, slide: undefined }));
                }}
              />
            ) : (
              <div className="slide-captcha__placeholder" role={captcha.failed ? 'alert' : 'status'}>
                {captcha.failed ? t('login.captchaLoadFailed') : t('common.loading')}
              </div>
            )}
            <Button type="link" size="small" icon={<ReloadOutlined />} onClick={renew}>
              {t('login.captchaRefresh')}
            </Button>
          </LoginField>
        )}
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={submitting}
          className="login-form__submit"
        >
          {t('login.submit')}
        </Button>
      </form>
    </>
  );
}
