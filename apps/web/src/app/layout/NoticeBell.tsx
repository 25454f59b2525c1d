import { BellOutlined } from '@ant-design/icons';
import { NOTICE_POPOVER } from '@yuan/contract/constants';
import { Badge, Button, Empty, Popover } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Notification bell with the 350×300 popover. The notice API arrives with the notice feature; until then the
 * unread count is zero, so no dot shows.
 */
export function NoticeBell({ unread = 0 }: { unread?: number }) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('notice.title')}
      content={
        <div style={{ width: NOTICE_POPOVER.width, height: NOTICE_POPOVER.height, overflow: 'auto' }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />
        </div>
      }
    >
      <Badge dot={unread > 0}>
        <Button type="text" aria-label={t('notice.title')} icon={<BellOutlined />} />
      </Badge>
    </Popover>
  );
}
