import { Image, Modal, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import type { NoticeItem } from '../../../shared/api/notice.ts';
import { formatDateTime } from '../../../shared/time/timeZone.ts';
import { sanitizeHtml } from './sanitizeHtml.ts';

/** One notice as its reader sees it: subtitle, tag, time, picture and the (sanitized) HTML content. */
export function NoticeDialog({ notice, onClose }: { notice: NoticeItem; onClose: () => void }) {
  const html = useMemo(() => sanitizeHtml(notice.content ?? ''), [notice.content]);
  return (
    <Modal
      open
      width={720}
      title={notice.title}
      footer={null}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
      wrapProps={{ 'data-testid': 'my-notice-dialog' }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space wrap>
          {notice.tag ? <Tag>{notice.tag}</Tag> : null}
          <Typography.Text type="secondary">{formatDateTime(notice.createTime)}</Typography.Text>
        </Space>
        {notice.subtitle ? <Typography.Text type="secondary">{notice.subtitle}</Typography.Text> : null}
        {notice.img ? <Image src={notice.img} alt="" style={{ maxWidth: '100%' }} /> : null}
        <div
          className="notice-content"
          data-testid="my-notice-content"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server on save and again by sanitizeHtml
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </Space>
    </Modal>
  );
}
