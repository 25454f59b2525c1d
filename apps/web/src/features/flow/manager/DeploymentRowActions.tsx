import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../shared/crud/types.ts';
import { usePermission } from '../../../shared/hooks/usePermission.ts';
import type { DeploymentRow } from '../flowApi.ts';
import { recordOf } from '../listApi.ts';

interface Props {
  row: Row;
  onStart: (row: DeploymentRow) => void;
  onView: (row: DeploymentRow) => void;
  onChangeState: (row: DeploymentRow) => void;
  onRemove: (row: DeploymentRow) => void;
}

/**
 * A deployed definition's actions: start an instance (suspended ones cannot start), its diagram (`flowManager_view`),
 * suspend or activate (`flowManager_state`) and delete its deployment (`flowManager_delete`).
 */
export function DeploymentRowActions({ row, onStart, onView, onChangeState, onRemove }: Props) {
  const { t } = useTranslation();
  const canView = usePermission('flowManager_view');
  const canState = usePermission('flowManager_state');
  const canDelete = usePermission('flowManager_delete');
  const deployment = recordOf<DeploymentRow>(row);
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        disabled={deployment.suspended}
        onClick={() => onStart(deployment)}
        data-testid="flow-deployment-start"
      >
        {t('flow.manager.start')}
      </Button>
      {canView ? (
        <Button
          type="link"
          size="small"
          onClick={() => onView(deployment)}
          data-testid="flow-deployment-view"
        >
          {t('flow.bpmn.diagram')}
        </Button>
      ) : null}
      {canState ? (
        <Button
          type="link"
          size="small"
          onClick={() => onChangeState(deployment)}
          data-testid="flow-deployment-state"
        >
          {t(deployment.suspended ? 'flow.manager.activate' : 'flow.manager.suspend')}
        </Button>
      ) : null}
      {canDelete ? (
        <Button
          type="link"
          size="small"
          danger
          onClick={() => onRemove(deployment)}
          data-testid="flow-deployment-delete"
        >
          {t('crud.delete')}
        </Button>
      ) : null}
    </Space>
  );
}
