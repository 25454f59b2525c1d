import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@yuan/contract/constants';
import { Card, Empty, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { formatDateTime, useTimeZone } from '../../../shared/time/timeZone.ts';
import { tablePagination } from '../../../shared/ui/tablePagination.ts';
import { eventKey, fetchMyLog, type MyLogEntry } from './myLog.ts';

/** /yuan/generic/user/log/index: the current user's own sign-ins and token refreshes, newest first, read-only. */
export function UserLogPage() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZE_DEFAULT });
  const query = useQuery({
    queryKey: ['my-log', paging.current, paging.size],
    queryFn: () => fetchMyLog(paging.current, paging.size),
    placeholderData: keepPreviousData,
  });
  // Times follow the tenant's zone, which may arrive after the first render.
  useTimeZone((state) => state.zone);

  const columns: ColumnsType<MyLogEntry> = [
    {
      key: 'event',
      title: t('myLog.event'),
      width: 140,
      render: (_, entry) => {
        const key = eventKey(entry.logId);
        return <Tag color={entry.logId === 'login' ? 'blue' : 'default'}>{key ? t(key) : entry.logId}</Tag>;
      },
    },
    {
      key: 'time',
      title: t('myLog.time'),
      width: 190,
      render: (_, entry) => formatDateTime(entry.createTime),
    },
    { key: 'ip', title: t('myLog.ip'), dataIndex: 'remoteIp', width: 160 },
    { key: 'ua', title: t('myLog.userAgent'), dataIndex: 'userAgent', ellipsis: true },
  ];

  if (query.isError && !query.data) {
    return <LoadFailed onRetry={() => void query.refetch()} />;
  }
  return (
    <Card variant="borderless" data-testid="my-log">
      <Table<MyLogEntry>
        rowKey="id"
        size="middle"
        bordered
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myLog.empty')} /> }}
        pagination={tablePagination(paging, query.data?.total ?? 0, setPaging, t)}
      />
    </Card>
  );
}
