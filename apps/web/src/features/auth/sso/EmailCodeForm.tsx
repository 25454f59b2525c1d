import { SafetyOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginField } from '../shared/LoginField.tsx';
import { codeProblem } from '../shared/phoneRules.ts';

interface Props {
  email: string;
  busy: boolean;
  onConfirm: (verCode: string) => void;
  onCancel: () => void;
}

/** The code e-mailed for a single sign-on: six digits, checked here before the server sees them. */
export function EmailCodeForm({ email, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code);
    if (problem) {
      setError(t(problem));
      return;
    }
    onConfirm(code.trim());
  };

  return (
    <form className="login-form login-form--labelled" onSubmit={onSubmit} noValidate>
      <p role="status">{t('sso.codeSent', { email })}</p>
      <LoginField id="sso-code" label={t('sso.code')} error={error}>
        <Input
          id="sso-code"
          size="large"
          prefix={<SafetyOutlined />}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={6}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError('');
          }}
          status={error ? 'error' : undefined}
        />
      </LoginField>
      <div className="sso-actions">
        <Button type="primary" htmlType="submit" size="large" loading={busy}>
          {t('sso.confirm')}
        </Button>
        <Button size="large" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
