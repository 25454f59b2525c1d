import { ReloadOutlined } from '@ant-design/icons';
import type { AppImportRecord } from '@yuan/contract/lowcode/app-package';
import { Button, Card } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/components/PagedTable.tsx';
import { formatDateTime, useTimeZone } from '../../../shared/time/timeZone.ts';
import { HISTORY_PAGE_SIZE } from './packageApi.ts';
import { useImportHistory } from './useImportHistory.ts';

/** The tenant's imports of packages, newest first: who imported which file from which tenant, and what it wrote. */
export function HistoryCard() {
  const { t } = useTranslation();
  const list = useImportHistory();
  const { reload } = list;
  // Times follow the tenant's zone, which may arrive after the screen opened.
  useTimeZone((state) => state.zone);

  const columns: ColumnsType<AppImportRecord> = [
    {
      title: t('appPackage.history.time'),
      dataIndex: 'createTime',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    { title: t('appPackage.history.user'), dataIndex: 'userName', width: 120 },
    { title: t('appPackage.history.file'), dataIndex: 'fileName' },
    { title: t('appPackage.history.sourceTenant'), dataIndex: 'sourceTenant', width: 110 },
    { title: t('appPackage.history.created'), dataIndex: 'created', width: 80 },
    { title: t('appPackage.history.updated'), dataIndex: 'updated', width: 80 },
    { title: t('appPackage.history.unchanged'), dataIndex: 'unchanged', width: 80 },
    { title: t('appPackage.history.rows'), dataIndex: 'rows', width: 100 },
  ];

  return (
    <Card
      title={t('appPackage.history')}
      data-testid="app-package-history"
      extra={<Button icon={<ReloadOutlined />} onClick={reload} aria-label={t('crud.refresh')} />}
    >
      <PagedTable<AppImportRecord>
        list={list}
        columns={columns}
        pageSize={HISTORY_PAGE_SIZE}
        emptyText={t('appPackage.historyEmpty')}
        showTotal
      />
    </Card>
  );
}
