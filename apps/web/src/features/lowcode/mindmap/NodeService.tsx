import { CaretRightOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mindmapApi } from './mindmapApi.ts';

export interface NodeServiceProps {
  path: string;
  params: Record<string, unknown>;
}

/** The service view: runs the script service at its path once on opening (and again on demand) and shows its value. */
export function NodeService({ path, params }: NodeServiceProps) {
  const { t } = useTranslation();
  const run = useMutation({ mutationFn: () => mindmapApi.runService(path, params) });
  const started = useRef(false);
  // Opening the node is the request to run it; the ref keeps a second effect run (StrictMode) from running it twice.
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      run.mutate();
    }
  }, [run.mutate]);
  return (
    <div data-testid="mindmap-service">
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text code>{path}</Typography.Text>
        <Button
          icon={<CaretRightOutlined />}
          loading={run.isPending}
          onClick={() => run.mutate()}
          data-testid="mindmap-service-run"
        >
          {t('mindmap.run.again')}
        </Button>
      </Space>
      {Object.keys(params).length > 0 ? (
        <Typography.Paragraph type="secondary">
          {t('mindmap.run.params')}: <Typography.Text code>{JSON.stringify(params)}</Typography.Text>
        </Typography.Paragraph>
      ) : null}
      {run.isPending ? <Spin /> : null}
      {run.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('mindmap.run.serviceFailed')}
          description={run.error instanceof Error ? run.error.message : String(run.error)}
          data-testid="mindmap-service-error"
        />
      ) : null}
      {run.isSuccess ? (
        <>
          <Typography.Text strong>{t('mindmap.run.result')}</Typography.Text>
          <pre className="mindmap-result" data-testid="mindmap-service-result">
            {JSON.stringify(run.data ?? null, null, 2)}
          </pre>
        </>
      ) : null}
    </div>
  );
}
