import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Select, Spin, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { findMenuByPath } from '../../../shared/menu/rules.ts';
import { useTimeZone } from '../../../shared/time/timeZone.ts';
import { useSession } from '../../../stores/session.ts';
import {
  buildEvents,
  type EventDetail,
  rangeFor,
  type ServiceOption,
  serviceOptions,
} from './calendarEvents.ts';
import { EventDrawer } from './EventDrawer.tsx';
import { Legend } from './Legend.tsx';
import { ScheduleCalendar } from './ScheduleCalendar.tsx';
import { useCalendarData } from './useCalendarData.ts';
import { usePalette } from './usePalette.ts';
import './scheduled.css';

/** Where schedules are set: the flow service screen (its menu route after the leaf /index rule). */
const FLOW_SERVICE_PATH = '/flow/service/index';

/**
 * /scheduled: a read-only calendar of the tenant's scheduled flow services — past runs (green when they
 * succeeded, red when they failed) and the next planned times (grey) of the visible range, each opening its detail.
 */
export function ScheduledPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const zone = useTimeZone((state) => state.zone);
  const palette = usePalette();
  const canManage = useSession((state) => findMenuByPath(state.menuAll, FLOW_SERVICE_PATH) !== undefined);
  const [dates, setDates] = useState<{ start: Date; end: Date } | null>(null);
  const [service, setService] = useState<ServiceOption | undefined>(undefined);
  const serviceId = service?.value;
  const [picked, setPicked] = useState<EventDetail | null>(null);

  const range = useMemo(() => (dates ? rangeFor(dates.start, dates.end, zone) : null), [dates, zone]);
  const { answer, stale, loading, blocking, error, reload } = useCalendarData(range);
  const built = useMemo(
    () =>
      answer
        ? buildEvents(answer, {
            zone,
            palette,
            serviceId,
            labels: {
              ok: t('scheduled.status.ok'),
              failed: t('scheduled.status.failed'),
              running: t('scheduled.status.running'),
              upcoming: t('scheduled.status.upcoming'),
            },
          })
        : { events: [], total: 0 },
    [answer, zone, palette, serviceId, t],
  );
  const services = useMemo(() => serviceOptions(answer, service), [answer, service]);

  const onDates = useCallback((start: Date, end: Date) => {
    setDates((current) =>
      current && current.start.getTime() === start.getTime() && current.end.getTime() === end.getTime()
        ? current
        : { start, end },
    );
  }, []);
  const manage = useCallback(() => {
    setPicked(null);
    navigate(FLOW_SERVICE_PATH);
  }, [navigate]);

  const settled = answer !== undefined && !stale && !error;
  return (
    <Card className="scheduled-page" data-testid="scheduled-page">
      <div className="scheduled-head">
        <div className="scheduled-head-text">
          <Typography.Text type="secondary">{t('scheduled.intro')}</Typography.Text>
          <Typography.Text type="secondary" data-testid="scheduled-zone">
            {t('scheduled.zone', { zone })}
          </Typography.Text>
        </div>
        <div className="scheduled-head-actions">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            className="scheduled-filter"
            aria-label={t('scheduled.filter')}
            placeholder={t('scheduled.allServices')}
            options={services}
            value={serviceId}
            onChange={(value?: string) => setService(services.find((option) => option.value === value))}
            data-testid="scheduled-filter"
          />
          <Button
            icon={<ReloadOutlined />}
            loading={loading}
            onClick={reload}
            data-testid="scheduled-refresh"
          >
            {t('scheduled.refresh')}
          </Button>
          {canManage ? (
            <Button icon={<SettingOutlined />} onClick={manage} data-testid="scheduled-manage">
              {t('scheduled.manage')}
            </Button>
          ) : null}
        </div>
      </div>
      <Legend palette={palette} />
      {error ? (
        <Alert
          type="error"
          showIcon
          className="scheduled-notice"
          data-testid="scheduled-error"
          title={t('scheduled.loadFailed')}
          description={error.message}
          action={
            <Button size="small" onClick={reload} data-testid="scheduled-retry">
              {t('scheduled.retry')}
            </Button>
          }
        />
      ) : null}
      {settled && built.total === 0 ? (
        <Alert
          type="info"
          showIcon
          className="scheduled-notice"
          data-testid="scheduled-empty"
          title={t(serviceId ? 'scheduled.emptyFiltered' : 'scheduled.empty')}
          action={
            canManage ? (
              <Button size="small" onClick={manage}>
                {t('scheduled.manage')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {settled && built.total > built.events.length ? (
        <Alert
          type="warning"
          showIcon
          className="scheduled-notice"
          data-testid="scheduled-truncated"
          title={t('scheduled.truncated', {
            total: String(built.total),
            shown: String(built.events.length),
          })}
        />
      ) : null}
      <Spin spinning={blocking} description={t('scheduled.loading')}>
        <ScheduleCalendar
          events={built.events}
          zone={zone}
          language={language}
          onDates={onDates}
          onPick={setPicked}
        />
      </Spin>
      <EventDrawer
        detail={picked}
        onClose={() => setPicked(null)}
        onManage={canManage ? manage : undefined}
      />
    </Card>
  );
}
