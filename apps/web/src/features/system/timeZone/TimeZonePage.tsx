import { useMutation, useQuery } from '@tanstack/react-query';
import { TIME_ZONE_PATH, type TimeZoneDetail, timeZoneOffset } from '@yuan/contract';
import { Alert, Button, Card, Descriptions, Result, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';
import {
  fetchTimeZone,
  formatDateTime,
  matchesZone,
  setTimeZone,
  zoneOptions,
} from '../../../shared/time/timeZone.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';

/** The current time, ticking once a second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * /system/timeZone/index: the tenant's time zone. Every user of the tenant sees times in it, and the server reads
 * typed dates and times in it; the live clocks show what the choice means before it is saved.
 */
export function TimeZonePage() {
  const { t } = useTranslation();
  const now = useNow();
  const options = useMemo(() => zoneOptions(), []);
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const detail = useQuery({ queryKey: ['time-zone'], queryFn: fetchTimeZone, gcTime: 0 });
  // The server's clock runs on from when it was read, so a skewed browser clock does not hide it.
  const [skew, setSkew] = useState(0);
  useEffect(() => {
    if (detail.data) {
      setChoice(detail.data.timeZone);
      setSkew(Date.parse(detail.data.serverTime) - Date.now());
    }
  }, [detail.data]);

  const save = useMutation({
    mutationFn: (timeZone: string) =>
      call<TimeZoneDetail>(`${TIME_ZONE_PATH}/submit`, { method: 'POST', body: { timeZone } }),
    onSuccess: (saved) => {
      setTimeZone(saved.timeZone);
      toastSuccess(t('crud.updated'));
      void detail.refetch();
    },
  });

  if (detail.isLoading) {
    return <Spin />;
  }
  if (detail.isError || !detail.data) {
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const saved = detail.data;
  const zone = choice ?? saved.timeZone;
  const savedLabel = `${saved.timeZone} (UTC${saved.offset})`;
  return (
    <Card title={t('timeZone.title')} data-testid="time-zone">
      <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 640 }}>
        <Alert type="info" showIcon title={t('timeZone.hint')} />
        <Typography.Text type="secondary" data-testid="time-zone-saved">
          {saved.custom
            ? t('timeZone.saved', { zone: savedLabel })
            : t('timeZone.default', { zone: savedLabel })}
        </Typography.Text>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('timeZone.zone')}>
            <Select
              showSearch
              aria-label={t('timeZone.zone')}
              data-testid="time-zone-select"
              style={{ width: '100%' }}
              placeholder={t('timeZone.search')}
              value={zone}
              options={options}
              filterOption={(input, option) => matchesZone(input, option?.label ?? '')}
              onChange={setChoice}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('timeZone.now')}>
            <span data-testid="time-zone-now">
              {formatDateTime(now, zone)} (UTC{timeZoneOffset(zone)})
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('timeZone.server')}>
            {formatDateTime(now + skew, zone)}
          </Descriptions.Item>
        </Descriptions>
        <Space>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={zone === saved.timeZone && saved.custom}
            onClick={() => save.mutate(zone)}
          >
            {t('timeZone.save')}
          </Button>
          <Button disabled={zone === saved.timeZone} onClick={() => setChoice(saved.timeZone)}>
            {t('timeZone.reset')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
