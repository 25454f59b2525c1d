import { Button, Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/time/timeZone.ts';
import type { UpcomingRun } from './api.ts';
import type { EventDetail } from './calendarEvents.ts';
import { RunDetailView } from './RunDetailView.tsx';

interface Props {
  detail: EventDetail | null;
  onClose: () => void;
  /** Opens the flow service screen; absent when the user has no such menu. */
  onManage?: () => void;
}

function UpcomingView({ upcoming }: { upcoming: UpcomingRun }) {
  const { t } = useTranslation();
  return (
    <div data-testid="scheduled-upcoming">
      <Descriptions size="small" column={1} bordered className="scheduled-detail-table">
        <Descriptions.Item label={t('scheduled.run.service')}>{upcoming.serviceName}</Descriptions.Item>
        <Descriptions.Item label={t('scheduled.run.path')}>
          <Typography.Text code>{upcoming.path}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('scheduled.upcoming.at')}>
          <span data-testid="scheduled-upcoming-at">{formatDateTime(upcoming.at)}</span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t('scheduled.upcoming.hint')}</Typography.Paragraph>
    </div>
  );
}

/** The detail of a clicked event: a past run with its log, or a planned time. Escape closes it (antd's default). */
export function EventDrawer({ detail, onClose, onManage }: Props) {
  const { t } = useTranslation();
  const title = detail?.kind === 'upcoming' ? t('scheduled.upcoming.title') : t('scheduled.run.title');
  return (
    <Drawer
      open={detail !== null}
      onClose={onClose}
      title={title}
      size="large"
      destroyOnHidden
      extra={
        onManage ? (
          <Button onClick={onManage} data-testid="scheduled-detail-manage">
            {t('scheduled.manage')}
          </Button>
        ) : null
      }
    >
      <div data-testid="scheduled-detail">
        {detail?.kind === 'run' ? <RunDetailView key={detail.run.id} run={detail.run} /> : null}
        {detail?.kind === 'upcoming' ? <UpcomingView upcoming={detail.upcoming} /> : null}
      </div>
    </Drawer>
  );
}
