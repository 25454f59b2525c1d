import {
  CheckCircleOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  EditOutlined,
  FileAddOutlined,
  FolderAddOutlined,
  StopOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { NodeAction } from './actions.ts';

const ICONS: Record<NodeAction, ReactNode> = {
  newModule: <FolderAddOutlined />,
  newService: <FileAddOutlined />,
  rename: <EditOutlined />,
  move: <DragOutlined />,
  copy: <CopyOutlined />,
  enable: <CheckCircleOutlined />,
  disable: <StopOutlined />,
  export: <DownloadOutlined />,
  import: <UploadOutlined />,
  delete: <DeleteOutlined />,
};

/** The text key of each action (the same words in the toolbar and the context menu). */
export const ACTION_TEXT: Record<NodeAction, string> = {
  newModule: 'flow.service.newModule',
  newService: 'flow.service.newService',
  rename: 'flow.service.rename',
  move: 'flow.service.move',
  copy: 'flow.service.copy',
  enable: 'flow.service.enable',
  disable: 'flow.service.disable',
  export: 'flow.service.export',
  import: 'flow.service.import',
  delete: 'flow.service.delete',
};

export function actionIcon(action: NodeAction): ReactNode {
  return ICONS[action];
}

/** Menu entries of the actions, a divider before delete so it is not clicked by mistake. */
export function actionItems(actions: NodeAction[], t: TFunction): NonNullable<MenuProps['items']> {
  const items: NonNullable<MenuProps['items']> = [];
  for (const action of actions) {
    if (action === 'delete' && items.length > 0) {
      items.push({ type: 'divider' });
    }
    items.push({
      key: action,
      icon: ICONS[action],
      label: <span data-testid={`flow-action-${action}`}>{t(ACTION_TEXT[action])}</span>,
      danger: action === 'delete',
    });
  }
  return items;
}
