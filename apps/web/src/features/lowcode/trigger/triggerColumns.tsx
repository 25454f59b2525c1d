import type { TriggerRecord } from '@yuan/contract/lowcode/trigger';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { webhookHost } from './triggerForm.ts';

const EVENT_COLORS = { create: 'green', update: 'blue', delete: 'red' } as const;

interface ColumnSources {
  t: TFunction;
  /** The watched data's name: an entity's, or 用户 / 公告. */
  targetLabel: (row: TriggerRecord) => string;
  /** A flow service's name by its id (undefined while unknown). */
  serviceName: (id: string) => string | undefined;
  actions: (row: TriggerRecord) => ReactNode;
}

/** What a trigger does, in a few words: the process key, the service's name, or the receiver's host. */
function actionText(row: TriggerRecord, { t, serviceName }: ColumnSources): string {
  const { action } = row;
  if (action.kind === 'process') {
    return `${t('trigger.action.process')} ${action.processKey}`;
  }
  if (action.kind === 'service') {
    return `${t('trigger.action.service')} ${serviceName(action.serviceId) ?? action.serviceId}`;
  }
  return `${t('trigger.action.webhook')} ${webhookHost(action.url)}`;
}

/** The columns of the trigger list. */
export function triggerColumns(sources: ColumnSources): ColumnsType<TriggerRecord> {
  const { t } = sources;
  return [
    { title: t('trigger.name'), dataIndex: 'name', width: 200 },
    {
      title: t('trigger.target'),
      key: 'target',
      width: 180,
      render: (_, row) => sources.targetLabel(row),
    },
    {
      title: t('trigger.events'),
      dataIndex: 'events',
      width: 180,
      render: (_, row) =>
        row.events.map((event) => (
          <Tag key={event} color={EVENT_COLORS[event]}>
            {t(`trigger.event.${event}`)}
          </Tag>
        )),
    },
    {
      title: t('trigger.action'),
      key: 'action',
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 320 }}>
          {actionText(row, sources)}
        </Typography.Text>
      ),
    },
    {
      title: t('trigger.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (_, row) =>
        row.enabled ? <Tag color="success">{t('crud.yes')}</Tag> : <Tag>{t('crud.no')}</Tag>,
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, row) => sources.actions(row),
    },
  ];
}
