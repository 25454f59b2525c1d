import { useQuery } from '@tanstack/react-query';
import type { Resource } from '@yuan/contract';
import { Button, Descriptions, Modal, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../../../../shared/crud/api.ts';
import { pick } from '../../../../shared/crud/fields.ts';
import { useLanguage } from '../../../../shared/hooks/useLanguage.ts';
import { type LogEntry, logEntries } from './logEntries.ts';

const CODE_STYLE = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 12,
  whiteSpace: 'pre',
  overflow: 'auto',
  maxHeight: 360,
  margin: 0,
} as const;

function EntryValue({ entry }: { entry: LogEntry }) {
  if (entry.text === '') {
    return <Typography.Text type="secondary">-</Typography.Text>;
  }
  if (entry.display === 'code') {
    return (
      <pre style={CODE_STYLE} data-testid={`log-view-${entry.name}`}>
        {entry.text}
      </pre>
    );
  }
  return (
    <span
      style={entry.display === 'wrap' ? { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } : undefined}
      data-testid={`log-view-${entry.name}`}
    >
      {entry.text}
    </span>
  );
}

interface LogViewDialogProps {
  resource: Resource;
  id: string;
  onClose: () => void;
}

/** Every field of one log entry, read from the detail call (list rows leave the long fields out). */
export function LogViewDialog({ resource, id, onClose }: LogViewDialogProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const detail = useQuery({
    queryKey: ['log-detail', resource.basePath, id],
    queryFn: () => crudApi(resource).detail(id),
    gcTime: 0,
  });
  let body: ReactNode;
  if (detail.isLoading) {
    body = <Spin />;
  } else if (detail.isError || !detail.data) {
    body = (
      <Result
        status="error"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else {
    const entries = logEntries(resource, detail.data, lang, {
      id: t('logView.id'),
      createTime: t('logView.createTime'),
    });
    body = (
      <Descriptions
        column={1}
        bordered
        size="small"
        styles={{ label: { width: 140 } }}
        items={entries.map((entry) => ({
          key: entry.name,
          label: entry.label,
          children: <EntryValue entry={entry} />,
        }))}
      />
    );
  }
  return (
    <Modal
      open
      width={900}
      title={t('logView.title', { title: pick(resource.title, lang) })}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      wrapProps={{ 'data-testid': `log-view-${resource.name}` }}
    >
      {body}
    </Modal>
  );
}
