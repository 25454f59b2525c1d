import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../shared/crud/types.ts';
import { usePermission } from '../../../shared/hooks/usePermission.ts';
import type { ModelRow } from '../flowApi.ts';
import { recordOf } from '../listApi.ts';

interface Props {
  row: Row;
  onDesign: (model: ModelRow) => void;
  onDeploy: (model: ModelRow) => void;
}

/** A model's row actions: open it in the modeller (`flowModel_edit`), deploy it (`flowModel_deploy`). */
export function ModelRowActions({ row, onDesign, onDeploy }: Props) {
  const { t } = useTranslation();
  const canEdit = usePermission('flowModel_edit');
  const canDeploy = usePermission('flowModel_deploy');
  const model = recordOf<ModelRow>(row);
  return (
    <Space size={0}>
      {canEdit ? (
        <Button type="link" size="small" onClick={() => onDesign(model)} data-testid="flow-model-design">
          {t('flow.model.design')}
        </Button>
      ) : null}
      {canDeploy ? (
        <Button type="link" size="small" onClick={() => onDeploy(model)} data-testid="flow-model-deploy">
          {t('flow.model.deploy')}
        </Button>
      ) : null}
    </Space>
  );
}
