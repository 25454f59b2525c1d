import { Alert, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { type EntityRow, entityApi } from '../api.ts';
import { dropRowsOf } from '../serverMessages.ts';

export interface DropTarget {
  entity: EntityRow;
  /** The server's refusal, naming the row count of the entity's table. */
  reason: string;
}

interface DropTableDialogProps {
  target: DropTarget | null;
  onClose: () => void;
  onRemoved: () => void;
}

/** Removing an entity whose table holds data: the row count the server named must be typed before it is dropped. */
export function DropTableDialog({ target, onClose, onRemoved }: DropTableDialogProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const shown = reason || target?.reason || '';

  const close = () => {
    setRows(null);
    setReason('');
    onClose();
  };
  const drop = async () => {
    if (!target || rows === null) {
      return;
    }
    setBusy(true);
    try {
      await entityApi.remove({ ids: [target.entity.id], dropTable: true, confirmRows: rows });
      toastSuccess(t('crud.deleted'));
      setRows(null);
      setReason('');
      onRemoved();
    } catch (e) {
      // Rows were added or removed meanwhile, or the count was mistyped: the new refusal names the current count.
      setReason(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      open={target !== null}
      title={t('lowcode.entity.removeTitle', { name: target?.entity.entName ?? '' })}
      okText={t('lowcode.entity.remove')}
      cancelText={t('crud.cancel')}
      busy={busy}
      okButtonProps={{ danger: true, disabled: rows === null }}
      onOk={() => void drop()}
      onCancel={close}
      wrapClassName="entity-drop"
    >
      <Alert type={dropRowsOf(shown) === null ? 'error' : 'warning'} showIcon title={shown} />
      <InputNumber
        min={0}
        precision={0}
        value={rows}
        onChange={(v) => setRows(typeof v === 'number' ? v : null)}
        aria-label={t('lowcode.entity.removeRows')}
        placeholder={t('lowcode.entity.removeRows')}
        style={{ width: '100%', marginTop: 12 }}
      />
    </ActionDialog>
  );
}
