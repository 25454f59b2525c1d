import { Alert, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RunResult } from './api.ts';
import { formatValue } from './runParams.ts';
import '../../../shared/ui/codeBlock.css';

const LIMIT_TEXT: Record<string, string> = {
  time: 'flow.service.limitTime',
  cpu: 'flow.service.limitTime',
  memory: 'flow.service.limitMemory',
};

/** One run's outcome: ok or failed, its time, the value it returned, what it logged and why it failed. */
export function RunResultView({ result }: { result: RunResult }) {
  const { t } = useTranslation();
  const wall = result.ms ?? result.durationMs;
  const limitKey = result.limit ? LIMIT_TEXT[result.limit] : undefined;
  const limitTitle = limitKey
    ? t(limitKey)
    : result.limit
      ? t('flow.service.limitOther', { limit: result.limit })
      : undefined;
  return (
    <div data-testid="flow-run-result" data-ok={result.ok ? 'true' : 'false'}>
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('flow.service.outcome')}>
          <Tag color={result.ok ? 'success' : 'error'} data-testid="flow-run-outcome">
            {t(result.ok ? 'flow.service.runOk' : 'flow.service.runFailed')}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('flow.service.duration')}>
          <span data-testid="flow-run-duration">
            {wall === undefined ? '-' : `${wall} ms`}
            {result.cpuMs === undefined ? '' : ` (${t('flow.service.cpuTime', { ms: result.cpuMs })})`}
          </span>
        </Descriptions.Item>
        {result.limits ? (
          <Descriptions.Item label={t('flow.service.limits')}>
            <span data-testid="flow-run-limits">{t('flow.service.limitsText', result.limits)}</span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {result.ok ? null : (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="flow-run-error"
          title={limitTitle ?? result.error ?? t('flow.service.runFailed')}
          // A limit names itself above; the sandbox's own words for it follow.
          description={limitTitle ? result.error : undefined}
        />
      )}
      {result.ok ? (
        <>
          <Typography.Text strong>{t('flow.service.value')}</Typography.Text>
          <pre className="yuan-code-block" data-testid="flow-run-value">
            {result.value === undefined ? t('flow.service.noValue') : formatValue(result.value)}
          </pre>
        </>
      ) : null}
      <Typography.Text strong>{t('flow.service.logs')}</Typography.Text>
      <pre className="yuan-code-block" data-testid="flow-run-logs">
        {result.logs.length > 0 ? result.logs.join('\n') : t('flow.service.noLogs')}
      </pre>
    </div>
  );
}
