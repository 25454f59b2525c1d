import type { TriggerRecord } from '@yuan/contract/lowcode/trigger';
import { Button, Card, Empty, Result, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../../shared/crud/ListToolbar.tsx';
import { hasButton } from '../../../shared/crud/permissions.ts';
import { SelectableTable } from '../../../shared/crud/SelectableTable.tsx';
import { useConfirmRemove } from '../../../shared/crud/useConfirmRemove.ts';
import { useSession } from '../../../stores/session.ts';
import { DeliveriesDrawer } from './DeliveriesDrawer.tsx';
import { TriggerDialog } from './TriggerDialog.tsx';
import { triggerApi } from './triggerApi.ts';
import { triggerColumns } from './triggerColumns.tsx';
import { useTargetOptions } from './useTargetOptions.ts';
import { useServiceChoices } from './useTriggerChoices.ts';
import { useTriggerList } from './useTriggerList.ts';

const CODES = ['trigger'];

type Open =
  | { kind: 'edit'; record: TriggerRecord | null }
  | { kind: 'deliveries'; record: TriggerRecord }
  | null;

/**
 * /lowcode/trigger: the tenant's triggers on data events (an entity's rows, users, notices), each starting a
 * process, running a flow service or calling a webhook, with the deliveries each one made (menu trigger; buttons
 * trigger_add, trigger_edit, trigger_delete, trigger_redeliver).
 */
export function TriggerPage() {
  const { t } = useTranslation();
  const permission = useSession((state) => state.permission);
  const can = {
    add: hasButton(CODES, permission, 'add'),
    edit: hasButton(CODES, permission, 'edit'),
    remove: hasButton(CODES, permission, 'delete'),
    redeliver: hasButton(CODES, permission, 'redeliver'),
  };
  const list = useTriggerList();
  const targets = useTargetOptions();
  const services = useServiceChoices();
  const [selected, setSelected] = useState<TriggerRecord[]>([]);
  const [open, setOpen] = useState<Open>(null);

  const reload = () => {
    setSelected([]);
    list.reload();
  };

  const confirmRemove = useConfirmRemove();
  const removeRows = (rows: TriggerRecord[]) =>
    confirmRemove(rows, () => triggerApi.remove(rows.map((row) => row.id)), reload);

  const serviceNames = useMemo(
    () => new Map((services.data ?? []).map((choice) => [choice.value, choice.label])),
    [services.data],
  );
  const columns = triggerColumns({
    t,
    targetLabel: targets.labelOf,
    serviceName: (id) => serviceNames.get(id),
    actions: (row) => (
      <Space size={0} wrap>
        {can.edit ? (
          <Button
            type="link"
            size="small"
            onClick={() => setOpen({ kind: 'edit', record: row })}
            data-testid="trigger-edit"
          >
            {t('crud.edit')}
          </Button>
        ) : null}
        {can.remove ? (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => removeRows([row])}
            data-testid="trigger-delete"
          >
            {t('crud.delete')}
          </Button>
        ) : null}
        <Button
          type="link"
          size="small"
          onClick={() => setOpen({ kind: 'deliveries', record: row })}
          data-testid="trigger-deliveries-open"
        >
          {t('trigger.deliveries')}
        </Button>
      </Space>
    ),
  });

  if (list.query.isError && !list.query.data) {
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        extra={<Button onClick={list.reload}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <Card variant="borderless" data-testid="trigger-page">
      <ListToolbar
        onAdd={can.add ? () => setOpen({ kind: 'edit', record: null }) : undefined}
        addTestId="trigger-add"
        onBatchDelete={can.remove ? () => removeRows(selected) : undefined}
        batchDeleteTestId="trigger-batch-delete"
        onRefresh={reload}
      />
      <SelectableTable<TriggerRecord>
        loading={list.query.isFetching}
        columns={columns}
        dataSource={list.records}
        selected={selected}
        onSelect={setSelected}
        locale={{ emptyText: list.query.data ? <Empty description={t('trigger.empty')} /> : ' ' }}
        pagination={{
          hideOnSinglePage: true,
          showTotal: (total) => t('crud.total', { total: String(total) }),
        }}
      />
      {open?.kind === 'edit' ? (
        <TriggerDialog
          key={open.record?.id ?? 'new'}
          record={open.record}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            reload();
          }}
        />
      ) : null}
      {open?.kind === 'deliveries' ? (
        <DeliveriesDrawer trigger={open.record} canRedeliver={can.redeliver} onClose={() => setOpen(null)} />
      ) : null}
    </Card>
  );
}
