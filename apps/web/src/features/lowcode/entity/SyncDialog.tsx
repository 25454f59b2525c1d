import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Collapse, InputNumber, List, Modal, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityApi } from '../api.ts';

export interface SyncTarget {
  id: string;
  entName: string;
}

/** The DDL preview of one entity; applying needs the affected row count typed when data would be lost. */
export function SyncDialog({ target, onClose }: { target: SyncTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [confirm, setConfirm] = useState<number | null>(null);
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState('');
  const preview = useQuery({
    queryKey: ['entity-sync', target?.id],
    queryFn: () => entityApi.sync({ id: target?.id ?? '' }),
    enabled: target !== null,
    gcTime: 0,
  });
  const answer = preview.data;
  const lossy = (answer?.affectedRows ?? 0) > 0;
  const ready =
    answer !== undefined && answer.steps.length > 0 && (!lossy || confirm === answer.affectedRows);

  const apply = async () => {
    if (!target || !answer) {
      return;
    }
    setApplying(true);
    setError('');
    try {
      await entityApi.sync({ id: target.id, apply: true, ...(lossy ? { confirm: confirm ?? 0 } : {}) });
      message.success(t('lowcode.sync.done'));
      await client.invalidateQueries({ queryKey: ['entities'] });
      await client.invalidateQueries({ queryKey: ['entity-config', target.id] });
      setConfirm(null);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setApplying(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t('lowcode.sync.title', { name: target?.entName ?? '' })}
      okText={t('lowcode.sync.apply')}
      okButtonProps={{ disabled: !ready, loading: applying }}
      onOk={apply}
      onCancel={() => {
        setConfirm(null);
        setError('');
        onClose();
      }}
      width={720}
      destroyOnHidden
    >
      {preview.isLoading ? <Spin /> : null}
      {preview.isError ? <Alert type="error" showIcon message={(preview.error as Error).message} /> : null}
      {answer && answer.steps.length === 0 ? (
        <Alert type="success" showIcon message={t('lowcode.sync.none')} />
      ) : null}
      {answer && answer.steps.length > 0 ? (
        <List
          size="small"
          data-testid="sync-steps"
          dataSource={answer.steps}
          renderItem={(step) => (
            <List.Item>
              <span>{step.what}</span>
              {step.rows ? <Tag color="red">{t('lowcode.sync.rows', { rows: step.rows })}</Tag> : null}
            </List.Item>
          )}
        />
      ) : null}
      {answer && answer.steps.length > 0 ? (
        <Collapse
          size="small"
          items={[
            {
              key: 'sql',
              label: t('lowcode.sync.sql'),
              children: (
                <pre style={{ whiteSpace: 'pre-wrap' }}>
                  {answer.steps.map((s) => `${s.sql};`).join('\n')}
                </pre>
              ),
            },
          ]}
        />
      ) : null}
      {lossy ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          message={t('lowcode.sync.loss', { rows: answer?.affectedRows })}
          description={
            <InputNumber
              data-testid="sync-confirm"
              min={0}
              value={confirm}
              onChange={(v) => setConfirm(typeof v === 'number' ? v : null)}
            />
          }
        />
      ) : null}
      {error ? <Alert type="error" showIcon style={{ marginTop: 12 }} message={error} /> : null}
    </Modal>
  );
}
