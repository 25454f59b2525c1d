import { PAGE_SIZE_DEFAULT } from '@yuan/contract/constants';
import { Badge, Button, Card, Empty, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeItem } from '../../../shared/api/notice.ts';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { pick } from '../../../shared/crud/fields.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { formatDateTime, useTimeZone } from '../../../shared/time/timeZone.ts';
import { tablePagination } from '../../../shared/ui/tablePagination.ts';
import { useSourceFrom } from '../notice/useSourceFrom.ts';
import { NoticeDialog } from './NoticeDialog.tsx';
import { useMyNotices } from './useMyNotices.ts';

const ALL = '';

/**
 * /yuan/generic/user/notice/index: the published notices of the tenant for the current user, by source (SourceFrom
 * dictionary) with the unread count per tab; unread ones are marked, and opening one marks it read.
 */
export function UserNoticePage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const sources = useSourceFrom();
  const [source, setSource] = useState(ALL);
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZE_DEFAULT });
  const [shown, setShown] = useState<NoticeItem | null>(null);
  const { page, unread, open } = useMyNotices(source, paging.current, paging.size);
  // Times follow the tenant's zone, which may arrive after the first render.
  useTimeZone((state) => state.zone);

  const sourceLabel = (key: string) => {
    const found = sources.options.find((o) => o.value === key);
    return found ? pick(found.label, lang) : key;
  };
  const show = (item: NoticeItem) => {
    setShown(item);
    // A failed mark leaves the notice unread; the request client has already shown why.
    void open(item).catch(() => undefined);
  };
  const count = (n: number | undefined) => (n ? ` (${n})` : '');
  const tabs = [
    { key: ALL, label: `${t('myNotice.all')}${count(unread?.total)}` },
    ...sources.options.map((o) => ({
      key: String(o.value),
      label: `${pick(o.label, lang)}${count(unread?.bySource[String(o.value)])}`,
    })),
  ];

  const columns: ColumnsType<NoticeItem> = [
    {
      key: 'title',
      title: t('myNotice.title'),
      ellipsis: true,
      render: (_, item) => (
        <Badge dot={!item.read} offset={[6, 0]}>
          <Typography.Link strong={!item.read} onClick={() => show(item)} data-testid="my-notice-title">
            {item.title}
          </Typography.Link>
        </Badge>
      ),
    },
    {
      key: 'source',
      title: t('myNotice.source'),
      width: 140,
      render: (_, item) => sourceLabel(item.sourceFrom),
    },
    { key: 'tag', title: t('myNotice.tag'), dataIndex: 'tag', width: 140 },
    {
      key: 'time',
      title: t('myNotice.time'),
      width: 190,
      render: (_, item) => formatDateTime(item.createTime),
    },
    {
      key: 'state',
      title: t('myNotice.state'),
      width: 100,
      render: (_, item) =>
        item.read ? <Tag>{t('myNotice.read')}</Tag> : <Tag color="processing">{t('myNotice.unread')}</Tag>,
    },
    {
      key: 'actions',
      title: t('crud.actions'),
      width: 100,
      render: (_, item) => (
        <Button type="link" size="small" onClick={() => show(item)}>
          {t('myNotice.open')}
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="my-notices">
      <Tabs
        activeKey={source}
        items={tabs}
        onChange={(key) => {
          setSource(key);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      />
      {page.isError && !page.data ? (
        <LoadFailed onRetry={() => void page.refetch()} />
      ) : (
        <Table<NoticeItem>
          rowKey="id"
          size="middle"
          bordered
          loading={page.isFetching}
          columns={columns}
          dataSource={page.data?.records ?? []}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myNotice.empty')} />,
          }}
          pagination={tablePagination(paging, page.data?.total ?? 0, setPaging, t)}
        />
      )}
      {shown ? <NoticeDialog notice={shown} onClose={() => setShown(null)} /> : null}
    </Card>
  );
}
