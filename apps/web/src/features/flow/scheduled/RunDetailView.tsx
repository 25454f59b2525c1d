import { Alert, Button, Descriptions, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/time/timeZone.ts';
import type { ScheduledRun } from './api.ts';
import { formatJson } from './calendarEvents.ts';
import { useRunDetail } from './useRunDetail.ts';
import '../../../shared/ui/codeBlock.css';

const time = (value: string | null | undefined) => (value ? formatDateTime(value) : '-');

const OUTCOME = {
  ok: { color: 'success', text: 'scheduled.status.ok' },
  failed: { color: 'error', text: 'scheduled.status.failed' },
  running: { color: 'processing', text: 'scheduled.status.running' },
} as const;

function outcomeOf(ok: boolean | null | undefined): keyof typeof OUTCOME {
  if (ok === null || ok === undefined) {
    return 'running';
  }
  return ok ? 'ok' : 'failed';
}

/**
 * One past run: what the calendar already knows shows at once; its log and value follow from the run's own call.
 */
export function RunDetailView({ run }: { run: ScheduledRun }) {
  const { t } = useTranslation();
  const { detail, loading, error, reload } = useRunDetail(run.id);
  const shown = detail ?? run;
  const finishedAt = detail?.finishedAt;
  const outcome = outcomeOf(shown.ok);
  return (
    <div data-testid="scheduled-run" data-outcome={outcome}>
      <Descriptions size="small" column={1} bordered className="scheduled-detail-table">
        <Descriptions.Item label={t('scheduled.run.service')}>{shown.serviceName}</Descriptions.Item>
        <Descriptions.Item label={t('scheduled.run.path')}>
          <Typography.Text code>{shown.path}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('scheduled.run.outcome')}>
          <Tag color={OUTCOME[outcome].color} data-testid="scheduled-run-outcome">
            {t(OUTCOME[outcome].text)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('scheduled.run.scheduledAt')}>
          {time(shown.scheduledAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('scheduled.run.startedAt')}>{time(shown.startedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('scheduled.run.finishedAt')}>{time(finishedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('scheduled.run.duration')}>
          <span data-testid="scheduled-run-duration">
            {shown.durationMs === null || shown.durationMs === undefined ? '-' : `${shown.durationMs} ms`}
          </span>
        </Descriptions.Item>
      </Descriptions>
      {outcome === 'failed' ? (
        <Alert
          type="error"
          showIcon
          className="scheduled-detail-block"
          data-testid="scheduled-run-error"
          title={t('scheduled.run.error')}
          description={<pre className="yuan-code-block scheduled-pre-plain">{shown.error || '-'}</pre>}
        />
      ) : null}
      {error ? (
        <Alert
          type="error"
          showIcon
          className="scheduled-detail-block"
          title={t('scheduled.run.loadFailed')}
          description={error.message}
          action={
            <Button size="small" onClick={reload}>
              {t('scheduled.retry')}
            </Button>
          }
        />
      ) : null}
      {loading ? (
        <Spin className="scheduled-detail-block" />
      ) : detail ? (
        <>
          <Typography.Text strong>{t('scheduled.run.value')}</Typography.Text>
          <pre className="yuan-code-block" data-testid="scheduled-run-value">
            {detail.value === undefined ? t('scheduled.run.noValue') : formatJson(detail.value)}
          </pre>
          <Typography.Text strong>{t('scheduled.run.logs')}</Typography.Text>
          <pre className="yuan-code-block" data-testid="scheduled-run-logs">
            {detail.logs?.length ? detail.logs.join('\n') : t('scheduled.run.noLogs')}
          </pre>
        </>
      ) : null}
    </div>
  );
}
