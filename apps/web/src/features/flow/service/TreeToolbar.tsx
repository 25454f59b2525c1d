import { MoreOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NodeAction } from './actions.ts';
import { ACTION_TEXT, actionIcon, actionItems } from './actionItems.tsx';

interface Props {
  /** What may be done with the chosen node (or at the top when none is chosen). */
  actions: NodeAction[];
  onAction: (action: NodeAction) => void;
  onReload: () => void;
  reloading: boolean;
}

const CREATE: NodeAction[] = ['newModule', 'newService'];

/** New module and new service as buttons; the chosen node's other actions in a menu beside them. */
export function TreeToolbar({ actions, onAction, onReload, reloading }: Props) {
  const { t } = useTranslation();
  const more = actions.filter((action) => !CREATE.includes(action));
  return (
    <Space wrap size={4} style={{ marginBottom: 8 }}>
      {CREATE.filter((action) => actions.includes(action)).map((action) => (
        <Button
          key={action}
          size="small"
          icon={actionIcon(action)}
          onClick={() => onAction(action)}
          data-testid={`flow-toolbar-${action}`}
        >
          {t(ACTION_TEXT[action])}
        </Button>
      ))}
      <Dropdown
        disabled={more.length === 0}
        trigger={['click']}
        menu={{ items: actionItems(more, t), onClick: ({ key }) => onAction(key as NodeAction) }}
      >
        <Button size="small" icon={<MoreOutlined />} data-testid="flow-toolbar-more">
          {t('flow.service.more')}
        </Button>
      </Dropdown>
      <Tooltip title={t('flow.service.refresh')}>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={reloading}
          onClick={onReload}
          aria-label={t('flow.service.refresh')}
        />
      </Tooltip>
    </Space>
  );
}
