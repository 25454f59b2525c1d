import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getAppConfig } from '../../shared/config/appConfig.ts';
import { useSession } from '../../stores/session.ts';
import { logout } from '../session/actions.ts';

const SwitchDialog = lazy(() => import('./SwitchDialog.tsx').then((m) => ({ default: m.SwitchDialog })));

/** Avatar and nickname with user info, switch dept/role (switch mode only) and logout (confirmed). */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const user = useSession((state) => state.userInfo);
  const [switching, setSwitching] = useState(false);
  const name = user?.nick_name || user?.user_name || user?.account || '';

  const items: MenuProps['items'] = [
    { key: 'info', label: t('user.info') },
    ...(getAppConfig().switchMode ? [{ key: 'switch', label: t('user.switch') }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: t('user.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'info') {
      navigate('/info/index');
    } else if (key === 'switch') {
      setSwitching(true);
    } else if (key === 'logout') {
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
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <button type="button" className="app-user" data-testid="user-menu">
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
          <span className="app-user__name">{name}</span>
          <DownOutlined />
        </button>
      </Dropdown>
      {switching && (
        <Suspense fallback={null}>
          <SwitchDialog open={switching} onClose={() => setSwitching(false)} />
        </Suspense>
      )}
    </>
  );
}
