import { useQuery } from '@tanstack/react-query';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchTopMenus } from '../../shared/api/menu.ts';
import { useSession } from '../../stores/session.ts';
import { loadMenus } from '../session/actions.ts';
import { MenuIcon } from './menuIcons.tsx';

const HOME = 'home';

/** Top menu: a home item plus the top menus with sort > 0; choosing one reloads the routes of that menu. */
export function TopMenuBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const topMenuId = useSession((state) => state.topMenuId);
  const topMenus = useQuery({ queryKey: ['top-menu'], queryFn: fetchTopMenus });
  const items = [
    { key: HOME, label: t('layout.home'), icon: <MenuIcon name="home" /> },
    ...(topMenus.data ?? [])
      .filter((item) => item.sort > 0)
      .map((item) => ({ key: item.id, label: item.name, icon: <MenuIcon name={item.source} /> })),
  ];

  return (
    <Menu
      mode="horizontal"
      className="app-topmenu"
      selectedKeys={[topMenuId || HOME]}
      items={items}
      onClick={({ key }) => {
        const id = key === HOME ? '' : key;
        void loadMenus(id).catch(() => undefined);
        if (key === HOME) {
          navigate('/wel/index');
        }
      }}
    />
  );
}
