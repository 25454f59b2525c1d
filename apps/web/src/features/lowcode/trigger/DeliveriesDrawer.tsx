import { ReloadOutlined } from '@ant-design/icons';
import type { DeliveryRecord, DeliveryStatus } from '@yuan/contract/lowcode/trigger';
import { Button, Drawer, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/components/PagedTable.tsx';
import { formatDateTime, useTimeZone } from '../../../shared/time/timeZone.ts';
import { DELIVERY_PAGE_SIZE } from './triggerApi.ts';
import { useDeliveries } from './useDeliveries.ts';

const STATUS_COLORS: Record<DeliveryStatus, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};

interface DeliveriesDrawerProps {
  trigger: { id: string; name: string };
  /** The caller holds trigger_redeliver. */
  canRedeliver: boolean;
  onClose: () => void;
}

const time = (value: string | null) => (value ? formatDateTime(value) : '-');
const orDash = (value: number | null) => (value === null ? '-' : value);

/** A trigger's deliveries, newest first: each event's attempts so far, and a way to send a failed one again. */
export function DeliveriesDrawer({ trigger, canRedeliver, onClose }: DeliveriesDrawerProps) {
  const { t } = useTranslation();
  const list = useDeliveries(trigger.id);
  const { redeliver, reload } = list;
  // Times follow the tenant's zone, which may arrive after the drawer opened.
  useTimeZone((state) => state.zone);

  const columns: ColumnsType<DeliveryRecord> = [
    { title: t('trigger.delivery.time'), dataIndex: 'createTime', width: 170, render: time },
    {
      title: t('trigger.delivery.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: DeliveryStatus) => (
        <Tag color={STATUS_COLORS[status]}>{t(`trigger.delivery.${status}`)}</Tag>
      ),
    },
    { title: t('trigger.delivery.attempts'), dataIndex: 'attempts', width: 90 },
    { title: t('trigger.delivery.responseCode'), dataIndex: 'responseCode', width: 90, render: orDash },
    { title: t('trigger.delivery.duration'), dataIndex: 'durationMs', width: 90, render: orDash },
    { title: t('trigger.delivery.nextAttempt'), dataIndex: 'nextAttempt', width: 170, render: time },
    {
      title: t('trigger.delivery.error'),
      dataIndex: 'lastError',
      render: (text: string) =>
        text ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>
            {text}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
  ];
  if (canRedeliver) {
    columns.push({
      title: t('crud.actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, delivery) => (
        <Button
          type="link"
          size="small"
          onClick={() => void redeliver(delivery)}
          data-testid="trigger-redeliver"
        >
          {t('trigger.redeliver')}
        </Button>
      ),
    });
  }

  return (
    <Drawer
      open
      size={900}
      title={t('trigger.deliveriesOf', { name: trigger.name })}
      onClose={onClose}
      destroyOnHidden
      extra={<Button icon={<ReloadOutlined />} onClick={reload} aria-label={t('crud.refresh')} />}
    >
      <div data-testid="trigger-deliveries">
        <PagedTable<DeliveryRecord>
          list={list}
          columns={columns}
          pageSize={DELIVERY_PAGE_SIZE}
          emptyText={t('trigger.deliveriesEmpty')}
        />
      </div>
    </Drawer>
  );
}
