import { UnlockOutlined } from '@ant-design/icons';
import { App, Button, Input } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../../app/session/actions.ts';
import { useLock } from '../../../stores/lock.ts';
import { useSession } from '../../../stores/session.ts';
import { tabHref } from '../../../stores/tabRules.ts';
import { useTabs } from '../../../stores/tabs.ts';
import '../shared/login.css';

/** /lock: the session stays, but only the lock password (or a logout) leaves this page. */
export function LockPage() {
  return (
    <App>
      <LockScreen />
    </App>
  );
}

function LockScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const user = useSession((state) => state.userInfo);
  const unlock = useLock((state) => state.unlock);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const name = user?.nick_name || user?.account || '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('lock.passwordRequired'));
      return;
    }
    if (!unlock(password)) {
      setError(t('lock.wrongPassword'));
      message.error(t('lock.wrongPassword'));
      return;
    }
    const { tabs, active } = useTabs.getState();
    const tab = tabs.find((item) => item.value === active);
    navigate(tab ? tabHref(tab) : '/', { replace: true });
  };

  const onLogout = () => {
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('user.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout().catch(() => undefined);
        navigate('/login', { replace: true });
      },
    });
  };

  return (
    <main className="lock-page">
      <form className="lock-card" onSubmit={onSubmit} aria-labelledby="lock-heading">
        <div className="lock-card__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase() || '?'}
        </div>
        <h1 id="lock-heading" style={{ fontSize: 20 }}>
          {name}
        </h1>
        <p>{t('lock.locked')}</p>
        <Input.Password
          autoFocus
          value={password}
          status={error ? 'error' : undefined}
          aria-label={t('lock.unlockPlaceholder')}
          placeholder={t('lock.unlockPlaceholder')}
          onChange={(event) => {
            setPassword(event.target.value);
            setError('');
          }}
        />
        {error && (
          <div role="alert" style={{ color: '#ff7875', marginTop: 6 }}>
            {error}
          </div>
        )}
        <Button type="primary" htmlType="submit" block icon={<UnlockOutlined />} style={{ marginTop: 12 }}>
          {t('lock.unlock')}
        </Button>
        <Button type="link" onClick={onLogout} style={{ color: '#fff', marginTop: 8 }}>
          {t('lock.logout')}
        </Button>
      </form>
    </main>
  );
}
