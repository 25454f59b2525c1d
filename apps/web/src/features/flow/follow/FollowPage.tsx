import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig, Row } from '../../../shared/crud/types.ts';
import { usePermission } from '../../../shared/hooks/usePermission.ts';
import { ModelViewDialog } from '../bpmn/ModelViewDialog.tsx';
import { followApi, type InstanceRow } from '../flowApi.ts';
import { listApi, recordOf } from '../listApi.ts';
import { DeleteInstanceDialog } from './DeleteInstanceDialog.tsx';
import { instanceResource } from './instanceResource.ts';
import { activityNames, INSTANCE_STATES, isActive } from './instanceState.ts';
import '../flowScreens.css';

const api = listApi(followApi.list);

type Dialog = { type: 'view' | 'delete'; row: InstanceRow } | null;

function InstanceActions(props: { row: Row; onOpen: (dialog: Dialog) => void }) {
  const { t } = useTranslation();
  const canView = usePermission('flowFollow_view');
  const canDelete = usePermission('flowFollow_delete');
  const row = recordOf<InstanceRow>(props.row);
  return (
    <Space size={0}>
      {canView ? (
        <Button
          type="link"
          size="small"
          onClick={() => props.onOpen({ type: 'view', row })}
          data-testid="flow-instance-view"
        >
          {t('flow.bpmn.diagram')}
        </Button>
      ) : null}
      {canDelete && isActive(row.state) ? (
        <Button
          type="link"
          size="small"
          danger
          onClick={() => props.onOpen({ type: 'delete', row })}
          data-testid="flow-instance-delete"
        >
          {t('crud.delete')}
        </Button>
      ) : null}
    </Space>
  );
}

/** /flow/follow: the process instances, where each one stands, its diagram with the path taken, and deletion. */
export function FollowPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: ['crud-list', instanceResource.basePath] }),
    [client],
  );

  const config = useMemo<CrudConfig>(
    () => ({
      resource: instanceResource,
      api,
      dateRange: false,
      buttons: { add: false, edit: false, view: false, delete: false },
      fields: {
        currentActivities: {
          width: 200,
          render: (value) => (
            <span className="flow-activity-tags">
              {activityNames(value).map((name) => (
                <Tag key={name}>{name}</Tag>
              ))}
            </span>
          ),
        },
        state: {
          width: 100,
          render: (value) => {
            const state = String(value ?? '');
            const known = INSTANCE_STATES[state];
            return (
              <Tag color={known?.color} data-state={state} data-testid="flow-instance-state">
                {known ? t(known.text) : state}
              </Tag>
            );
          },
        },
      },
      rowActions: (row) => <InstanceActions row={row} onOpen={setDialog} />,
      rowActionCount: 2,
    }),
    [t],
  );

  return (
    <>
      <CrudPage config={config} />
      {dialog?.type === 'view' ? (
        <ModelViewDialog
          target={{ processInstanceId: dialog.row.id }}
          title={t('flow.bpmn.diagramOf', {
            name: dialog.row.processDefinitionName || dialog.row.processDefinitionKey,
          })}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.type === 'delete' ? (
        <DeleteInstanceDialog row={dialog.row} onClose={() => setDialog(null)} onDone={reload} />
      ) : null}
    </>
  );
}
