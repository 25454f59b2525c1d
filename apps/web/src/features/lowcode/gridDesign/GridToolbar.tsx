import { ArrowLeftOutlined } from '@ant-design/icons';
import type { GridJson } from '@yuan/contract/lowcode/grid-json';
import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { JsonButton } from '../JsonButton.tsx';
import { SaveButton } from '../SaveButton.tsx';
import { useConfirmedLeave } from '../useConfirmedLeave.ts';
import type { GridRow } from './gridApi.ts';
import { canonicalGridJson } from './gridState.ts';

interface GridToolbarProps {
  grid: GridRow;
  json: GridJson;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
}

/** The grid's name and code, whether it is saved, and save, the JSON and the way back to the entity's grids. */
export function GridToolbar({ grid, json, dirty, saving, onSave }: GridToolbarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useConfirmedLeave(dirty, t('gridDesign.leaveConfirm'), () => navigate(`/grid/${grid.entId}`));
  return (
    <div className="grid-design-head">
      <Space wrap align="center">
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="grid-design-title">
          {t('gridDesign.title')} · {grid.gridName}
        </Typography.Title>
        <Tag>
          {t('gridDesign.code')}: {grid.gridNo}
        </Tag>
        {dirty ? (
          <Typography.Text type="warning" data-testid="grid-design-unsaved">
            {t('gridDesign.unsaved')}
          </Typography.Text>
        ) : null}
      </Space>
      <Space wrap>
        <Button data-testid="grid-design-back" icon={<ArrowLeftOutlined />} onClick={back}>
          {t('gridDesign.back')}
        </Button>
        <JsonButton
          testId="grid-design-json"
          title={t('gridDesign.json')}
          json={() => canonicalGridJson(json)}
        />
        <SaveButton testId="grid-design-save" saving={saving} onSave={onSave}>
          {t('gridDesign.save')}
        </SaveButton>
      </Space>
    </div>
  );
}
