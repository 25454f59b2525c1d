import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EventStatus, Palette } from './calendarEvents.ts';

const STATUSES: EventStatus[] = ['ok', 'failed', 'running', 'upcoming'];

/** What the event colours mean, drawn with the same colours as the events. */
export function Legend({ palette }: { palette: Palette }) {
  const { t } = useTranslation();
  const swatch = (status: EventStatus) =>
    status === 'upcoming'
      ? { background: palette.upcoming, borderColor: palette.upcomingBorder, borderStyle: 'dashed' as const }
      : { background: palette[status], borderColor: 'transparent' };
  return (
    <ul className="scheduled-legend" aria-label={t('scheduled.legend')} data-testid="scheduled-legend">
      {STATUSES.map((status) => (
        <li key={status} className="scheduled-legend-item">
          <span className="scheduled-swatch" style={swatch(status)} aria-hidden="true" />
          <Typography.Text type="secondary">{t(`scheduled.status.${status}`)}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
