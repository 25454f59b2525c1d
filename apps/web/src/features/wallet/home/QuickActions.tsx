import { GiftOutlined, SendOutlined, SwapOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { findMenuByPath } from '../../../shared/menu/rules.ts';
import { useSession } from '../../../stores/session.ts';

/** The wallet screens one click away, as the menu routes them (leaf paths carry /index). */
const ACTIONS: { key: string; path: string; icon: ReactNode }[] = [
  { key: 'pay', path: '/yuan/generic/payToOther0/index', icon: <SendOutlined /> },
  { key: 'exchange', path: '/yuan/generic/pay4Exchange/index', icon: <SwapOutlined /> },
  { key: 'redeem', path: '/yuan/generic/useSdk/index', icon: <GiftOutlined /> },
  { key: 'balance', path: '/yuan/generic/balance/index', icon: <WalletOutlined /> },
];

/** Buttons to the other wallet screens; a screen the user's menus do not grant shows no button (it would 404). */
export function QuickActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menus = useSession((s) => s.menuAll);
  const granted = ACTIONS.filter((action) => findMenuByPath(menus, action.path));
  if (granted.length === 0) {
    return null;
  }
  return (
    <Space wrap>
      {granted.map((action) => (
        <Button
          key={action.key}
          icon={action.icon}
          onClick={() => navigate(action.path)}
          data-testid={`wallet-go-${action.key}`}
        >
          {t(`wallet.go.${action.key}`)}
        </Button>
      ))}
    </Space>
  );
}
