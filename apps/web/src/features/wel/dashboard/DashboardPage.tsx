import { ReloadOutlined } from '@ant-design/icons';
import { DASHBOARD_MAX_DAYS } from '@yuan/contract/dashboard';
import { Button, Card, Col, DatePicker, Flex, Row, Skeleton, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { formatDateTime, useTimeZone } from '../../../shared/time/timeZone.ts';
import { ChartPanel } from './ChartPanel.tsx';
import {
  activityOption,
  anyOf,
  apiOption,
  entitiesOption,
  type SeriesNames,
  walletOption,
} from './charts.ts';
import { FigureCards } from './FigureCards.tsx';
import { useDashboardFigures } from './useDashboardFigures.ts';
import { type DayRange, lastDays, tenantToday, tooFar, useDashboardRange } from './useDashboardRange.ts';

/** The charts, in the order the page shows them (two a row on wide screens). */
const CHARTS = ['activity', 'api', 'entities', 'wallet'] as const;

/**
 * /wel/dashboard: the tenant's live figures — users, sign-ins, API calls and errors, storage, notices, entities
 * and their rows, running processes and wallet transfers — over a range of the tenant's days (first the last 7).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const zone = useTimeZone((state) => state.zone);
  const { range, from, to, setRange } = useDashboardRange();
  const { figures, loading, fetching, error, refresh } = useDashboardFigures(from, to);
  const names: SeriesNames = useMemo(
    () => ({
      newUsers: t('dashboard.series.newUsers'),
      signIns: t('dashboard.series.signIns'),
      calls: t('dashboard.series.calls'),
      errors: t('dashboard.series.errors'),
      rows: t('dashboard.series.rows'),
      transfers: t('dashboard.series.transfers'),
      volume: t('dashboard.series.volume'),
    }),
    [t],
  );
  const options = useMemo(() => {
    if (!figures) {
      return null;
    }
    const f = figures;
    return {
      activity: anyOf(f.users.created, f.signIns) ? activityOption(f, names) : null,
      api: anyOf(f.api.calls, f.api.errors) ? apiOption(f, names) : null,
      entities: f.entities.tables.length > 0 ? entitiesOption(f, names) : null,
      wallet: anyOf(f.wallet.transfers) ? walletOption(f, names) : null,
    };
  }, [figures, names]);

  const today = tenantToday(zone);
  const presets = [
    { label: t('dashboard.last7'), value: lastDays(zone, 7) },
    { label: t('dashboard.last30'), value: lastDays(zone, 30) },
    { label: t('dashboard.last90'), value: lastDays(zone, 90) },
    { label: t('dashboard.thisYear'), value: [today.startOf('year'), today] as DayRange },
  ];
  const tablesLeft = figures ? figures.entities.synced - figures.entities.tables.length : 0;

  return (
    <Flex vertical gap={16} data-testid="dashboard-page">
      <Card size="small">
        <Flex wrap gap={12} align="center" justify="space-between">
          <Flex vertical>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('dashboard.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('dashboard.intro', { zone })}</Typography.Text>
          </Flex>
          <Flex wrap gap={8} align="center">
            <DatePicker.RangePicker
              aria-label={t('dashboard.range')}
              value={range}
              allowClear={false}
              presets={presets}
              disabledDate={(current: Dayjs, info) => tooFar(current, info?.from)}
              onChange={(next) => {
                if (next?.[0] && next[1]) {
                  setRange([next[0], next[1]]);
                }
              }}
              title={t('dashboard.rangeLimit', { days: DASHBOARD_MAX_DAYS })}
              data-testid="dashboard-range"
            />
            <Button
              icon={<ReloadOutlined />}
              loading={fetching}
              onClick={refresh}
              data-testid="dashboard-refresh"
            >
              {t('dashboard.refresh')}
            </Button>
          </Flex>
        </Flex>
        {figures ? (
          <Typography.Text type="secondary" data-testid="dashboard-counted-at">
            {t('dashboard.countedAt', { time: formatDateTime(figures.countedAt, zone) })}
          </Typography.Text>
        ) : null}
      </Card>
      {error && !figures ? (
        <LoadFailed onRetry={refresh} testId="dashboard-failed" />
      ) : loading || !figures || !options ? (
        <Card data-testid="dashboard-loading" aria-label={t('dashboard.loading')}>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <>
          <FigureCards figures={figures} />
          <Row gutter={[16, 16]}>
            {CHARTS.map((name) => (
              <Col xs={24} xl={12} key={name}>
                <ChartPanel
                  name={name}
                  title={t(`dashboard.chart.${name}`)}
                  option={options[name]}
                  empty={t(`dashboard.empty.${name}`)}
                  footer={
                    name === 'entities' && tablesLeft > 0 ? (
                      <Typography.Text type="secondary" data-testid="dashboard-more-tables">
                        {t('dashboard.moreTables', {
                          shown: figures.entities.tables.length,
                          total: figures.entities.synced,
                        })}
                      </Typography.Text>
                    ) : null
                  }
                />
              </Col>
            ))}
          </Row>
        </>
      )}
    </Flex>
  );
}
