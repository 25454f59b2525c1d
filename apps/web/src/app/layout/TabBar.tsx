import { DownOutlined } from '@ant-design/icons';
import { FIRST_PAGE } from '@yuan/contract/constants';
import { App, Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearServerCache } from '../../shared/api/auth.ts';
import { tabHref } from '../../stores/tabRules.ts';
import { useTabs } from '../../stores/tabs.ts';
import { useTabLabel } from './useTabLabel.ts';

/** Tab bar: click to switch, close per SPEC §4, context menu and dropdown with the bulk actions. */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const tabs = useTabs((state) => state.tabs);
  const active = useTabs((state) => state.active);
  const labelOf = useTabLabel();

  const goTo = (value: string) => {
    const tab = useTabs.getState().tabs.find((item) => item.value === value);
    if (tab) {
      navigate(tabHref(tab));
    }
  };

  const close = (value: string) => {
    const before = useTabs.getState().active;
    useTabs.getState().close(value);
    const after = useTabs.getState().active;
    if (after !== before) {
      goTo(after);
    }
  };

  const runAction = (key: string, value: string) => {
    const store = useTabs.getState();
    if (key === 'closeOthers') {
      if (value !== store.active) {
        goTo(value);
        store.activate(value);
      }
      useTabs.getState().closeOthers();
    } else if (key === 'closeAll') {
      store.closeAll();
      navigate(FIRST_PAGE.path);
    } else if (key === 'clearCache') {
      modal.confirm({
        title: t('common.confirmTitle'),
        content: t('tabs.clearCacheConfirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          await clearServerCache();
          useTabs.getState().reload(value);
          message.success(t('tabs.cacheCleared'));
        },
      });
    }
  };

  const actions = (value: string): MenuProps => ({
    items: [
      { key: 'clearCache', label: t('tabs.clearCache') },
      { key: 'closeOthers', label: t('tabs.closeOthers') },
      { key: 'closeAll', label: t('tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      runAction(key, value);
    },
  });

  const items = tabs.map((tab) => ({
    key: tab.value,
    closable: tabs.length > 1,
    label: (
      <Dropdown menu={actions(tab.value)} trigger={['contextMenu']}>
        <span className="app-tabs__label" data-tab={tab.value}>
          {labelOf(tab)}
        </span>
      </Dropdown>
    ),
  }));

  return (
    <div className="app-tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        items={items}
        onChange={goTo}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') {
            close(key);
          }
        }}
        tabBarExtraContent={
          <Dropdown menu={actions(active)} trigger={['click']}>
            <Button size="small" type="text" aria-label={t('tabs.more')} icon={<DownOutlined />} />
          </Dropdown>
        }
      />
    </div>
  );
}
