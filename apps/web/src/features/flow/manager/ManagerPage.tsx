import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { usePermission } from '../../../shared/hooks/usePermission.ts';
import { ModelViewDialog } from '../bpmn/ModelViewDialog.tsx';
import { type DeploymentRow, managerApi } from '../flowApi.ts';
import { listApi, recordOf } from '../listApi.ts';
import { DeploymentRowActions } from './DeploymentRowActions.tsx';
import { deploymentResource } from './deploymentResource.ts';
import { StartDialog } from './StartDialog.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { useDeploymentActions } from './useDeploymentActions.ts';

const api = listApi(managerApi.list);

type Dialog =
  | { type: 'start'; row: DeploymentRow }
  | { type: 'view'; row: DeploymentRow }
  | { type: 'upload' }
  | null;

/**
 * /flow/manager: the deployed process definitions, newest version first, with start, diagram, suspend/activate,
 * delete (of the whole deployment) and the upload of .bpmn files.
 */
export function ManagerPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const canUpload = usePermission('flowManager_upload');
  const canDelete = usePermission('flowManager_delete');
  const [dialog, setDialog] = useState<Dialog>(null);
  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: ['crud-list', deploymentResource.basePath] }),
    [client],
  );
  const actions = useDeploymentActions(reload);
  const { changeState, confirmRemove } = actions;

  const config = useMemo<CrudConfig>(
    () => ({
      resource: deploymentResource,
      api,
      dateRange: false,
      buttons: { add: false, edit: false, view: false, delete: false },
      fields: {
        key: { width: 180 },
        version: { width: 80, render: (value) => `v${String(value)}` },
        suspended: {
          width: 100,
          render: (value) =>
            value === true ? (
              <Tag color="orange" data-state="suspended">
                {t('flow.manager.suspended')}
              </Tag>
            ) : (
              <Tag color="green" data-state="active">
                {t('flow.manager.active')}
              </Tag>
            ),
        },
      },
      toolbar: (context) => (
        <>
          {canUpload ? (
            <Button
              icon={<UploadOutlined />}
              onClick={() => setDialog({ type: 'upload' })}
              data-testid="flow-deployment-upload"
            >
              {t('flow.manager.upload')}
            </Button>
          ) : null}
          {canDelete ? (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirmRemove(context.selected.map((row) => recordOf<DeploymentRow>(row)))}
              data-testid="flow-deployment-batch-delete"
            >
              {t('crud.batchDelete')}
            </Button>
          ) : null}
        </>
      ),
      rowActions: (row) => (
        <DeploymentRowActions
          row={row}
          onStart={(r) => setDialog({ type: 'start', row: r })}
          onView={(r) => setDialog({ type: 'view', row: r })}
          onChangeState={(r) => void changeState(r)}
          onRemove={(r) => confirmRemove([r])}
        />
      ),
      rowActionCount: 4,
    }),
    [t, canUpload, canDelete, changeState, confirmRemove],
  );

  return (
    <>
      <CrudPage config={config} />
      {dialog?.type === 'start' ? <StartDialog row={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.type === 'upload' ? <UploadDialog onClose={() => setDialog(null)} onDone={reload} /> : null}
      {dialog?.type === 'view' ? (
        <ModelViewDialog
          target={{ processDefinitionId: dialog.row.id }}
          title={t('flow.bpmn.diagramOf', { name: dialog.row.name || dialog.row.key })}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
