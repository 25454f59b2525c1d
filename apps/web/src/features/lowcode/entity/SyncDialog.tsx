import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Collapse, InputNumber, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { ENTITY_DATA_BASE, entityApi, type SyncAnswer } from '../api.ts';

export interface SyncTarget {
  id: string;
  entName: string;
}

/** Apply is offered once there is something to run and, when rows would be touched, their count was typed. */
export function canApply(answer: SyncAnswer | undefined, confirm: number | null): boolean {
  if (!answer || answer.steps.length === 0) {
    return false;
  }
  return answer.affectedRows === 0 || confirm === answer.affectedRows;
}

/** The DDL preview of one entity; applying needs the affected row count typed when data would be lost. */
export function SyncDialog({ target, onClose }: { target: SyncTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirm, setConfirm] = useState<number | null>(null);
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState('');
  const preview = useQuery({
    queryKey: ['entity-sync', target?.id],
    queryFn: () => entityApi.sync({ id: target?.id ?? '' }),
    enabled: target !== null,
    // Every opening previews the table as it is now.
    gcTime: 0,
    staleTime: 0,
  });
  const answer = preview.data;
  const lossy = (answer?.affectedRows ?? 0) > 0;

  const close = () => {
    setConfirm(null);
    setError('');
    onClose();
  };
  const apply = async () => {
    if (!target || !answer) {
      return;
    }
    setApplying(true);
    setError('');
    try {
      await entityApi.sync({ id: target.id, apply: true, ...(lossy ? { confirm: confirm ?? 0 } : {}) });
      toastSuccess(t('lowcode.sync.done'));
      await client.invalidateQueries({ queryKey: ['entities'] });
      // The entity's rows screen reads its fields and rows again.
      await client.invalidateQueries({ queryKey: ['entity-config', target.id] });
      await client.invalidateQueries({ queryKey: ['crud-list', ENTITY_DATA_BASE] });
      close();
    } catch (e) {
      // The table or its rows changed since the preview: show the refusal and the plan as it is now.
      setError(e instanceof Error ? e.message : String(e));
      setConfirm(null);
      void preview.refetch();
    } finally {
      setApplying(false);
    }
  };

  const steps = answer?.steps ?? [];
  return (
    <ActionDialog
      open={target !== null}
      title={t('lowcode.sync.title', { name: target?.entName ?? '' })}
      okText={t('lowcode.sync.apply')}
      cancelText={t('crud.cancel')}
      busy={applying}
      okButtonProps={{ disabled: !canApply(answer, confirm) }}
      onOk={() => void apply()}
      onCancel={close}
      width={760}
      wrapClassName="entity-sync"
    >
      {preview.isFetching && !answer ? <Spin /> : null}
      {preview.isError ? <Alert type="error" showIcon title={(preview.error as Error).message} /> : null}
      {answer && steps.length === 0 ? <Alert type="success" showIcon title={t('lowcode.sync.none')} /> : null}
      {steps.length > 0 ? (
        <>
          <ol data-testid="sync-steps" style={{ paddingInlineStart: 20, margin: 0 }}>
            {steps.map((step) => (
              <li key={step.sql} style={{ padding: '4px 0' }}>
                <span>{step.what}</span>
                {step.rows ? (
                  <Tag color="red" style={{ marginInlineStart: 8 }}>
                    {t('lowcode.sync.rows', { rows: step.rows })}
                  </Tag>
                ) : null}
              </li>
            ))}
          </ol>
          <Collapse
            size="small"
            style={{ marginTop: 8 }}
            items={[
              {
                key: 'sql',
                label: t('lowcode.sync.sql'),
                children: (
                  <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                    {steps.map((s) => `${s.sql};`).join('\n')}
                  </pre>
                ),
              },
            ]}
          />
          <Typography.Paragraph style={{ marginTop: 12 }} data-testid="sync-affected">
            {t('lowcode.sync.affected', { rows: answer?.affectedRows ?? 0 })}
          </Typography.Paragraph>
        </>
      ) : null}
      {lossy ? (
        <Alert
          type="warning"
          showIcon
          title={t('lowcode.sync.loss', { rows: answer?.affectedRows })}
          description={
            <InputNumber
              data-testid="sync-confirm"
              aria-label={t('lowcode.sync.confirm')}
              placeholder={t('lowcode.sync.confirm')}
              min={0}
              precision={0}
              value={confirm}
              onChange={(v) => setConfirm(typeof v === 'number' ? v : null)}
              style={{ width: 240 }}
            />
          }
        />
      ) : null}
      {error ? <Alert type="error" showIcon style={{ marginTop: 12 }} title={error} /> : null}
    </ActionDialog>
  );
}
