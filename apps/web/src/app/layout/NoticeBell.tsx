import { BellOutlined } from '@ant-design/icons';
import { NOTICE_DEFAULT_TAB, NOTICE_POPOVER } from '@yuan/contract/constants';
import { Badge, Button, Empty, List, Modal, Popover, Spin, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchMyNotices,
  fetchSources,
  markRead,
  type NoticeItem,
  type SourceOption,
} from '../../shared/api/notice.ts';
import { useUnreadNotices } from './useUnreadNotices.ts';

/**
 * The bell: a dot while unread notices exist; its 350×300 popover has a tab per SourceFrom entry (default p010) with
 * the unread count, and opening a notice marks it read.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const { unread, refresh } = useUnreadNotices();
  const [open, setOpen] = useState(false);
  const [sources, setSources] = useState<SourceOption[]>([]);
  const [tab, setTab] = useState<string>(NOTICE_DEFAULT_TAB);
  const [items, setItems] = useState<NoticeItem[] | null>(null);
  const [shown, setShown] = useState<NoticeItem | null>(null);

  useEffect(() => {
    if (!open) {
      return;
    }
    fetchSources()
      .then((list) =>
        setSources(list.length > 0 ? list : [{ dictKey: NOTICE_DEFAULT_TAB, dictValue: t('notice.title') }]),
      )
      .catch(() => setSources([{ dictKey: NOTICE_DEFAULT_TAB, dictValue: t('notice.title') }]));
  }, [open, t]);

  useEffect(() => {
    if (!open) {
      return;
    }
    setItems(null);
    fetchMyNotices(tab)
      .then((page) => setItems(page.records))
      .catch(() => setItems([]));
  }, [open, tab]);

  const show = (item: NoticeItem) => {
    setShown(item);
    if (!item.read) {
      void markRead(item.id).then(() => {
        setItems((list) => list?.map((n) => (n.id === item.id ? { ...n, read: true } : n)) ?? null);
        refresh();
      });
    }
  };

  const list = (
    <div
      style={{ width: NOTICE_POPOVER.width, height: NOTICE_POPOVER.height, overflow: 'auto' }}
      data-testid="notice-list"
    >
      {items === null ? (
        <Spin />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(item) => (
            <List.Item onClick={() => show(item)} style={{ cursor: 'pointer' }}>
              <Badge dot={!item.read} offset={[6, 0]}>
                <Typography.Text strong={!item.read}>{item.title}</Typography.Text>
              </Badge>
            </List.Item>
          )}
        />
      )}
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        title={t('notice.title')}
        content={
          <Tabs
            size="small"
            activeKey={tab}
            onChange={setTab}
            items={sources.map((s) => ({
              key: s.dictKey,
              label: `${s.dictValue} (${unread.bySource[s.dictKey] ?? 0})`,
              children: s.dictKey === tab ? list : null,
            }))}
          />
        }
      >
        <Badge dot={unread.total > 0} data-testid="notice-bell">
          <Button type="text" aria-label={t('notice.title')} icon={<BellOutlined />} />
        </Badge>
      </Popover>
      <Modal
        open={shown !== null}
        title={shown?.title}
        footer={null}
        maskClosable={false}
        onCancel={() => setShown(null)}
      >
        {shown?.subtitle ? (
          <Typography.Paragraph type="secondary">{shown.subtitle}</Typography.Paragraph>
        ) : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: notice content is sanitized on the server when saved */}
        <div dangerouslySetInnerHTML={{ __html: shown?.content ?? '' }} />
      </Modal>
    </>
  );
}
