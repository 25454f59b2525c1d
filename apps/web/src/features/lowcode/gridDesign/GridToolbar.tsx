import { ArrowLeftOutlined, CodeOutlined, SaveOutlined } from '@ant-design/icons';
import type { GridJson } from '@yuan/contract/lowcode/grid-json';
import { App, Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { JsonDrawer } from '../JsonDrawer.tsx';
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
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [showJson, setShowJson] = useState(false);
  const back = () => {
    const leave = () => navigate(`/grid/${grid.entId}`);
    if (!dirty) {
      leave();
      return;
    }
    // Leaving inside the app does not fire beforeunload, so the designer asks itself.
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('gridDesign.leaveConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: leave,
    });
  };
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
        <Button data-testid="grid-design-json" icon={<CodeOutlined />} onClick={() => setShowJson(true)}>
          {t('gridDesign.json')}
        </Button>
        <Button
          data-testid="grid-design-save"
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={onSave}
        >
          {t('gridDesign.save')}
        </Button>
      </Space>
      <JsonDrawer
        open={showJson}
        text={showJson ? JSON.stringify(canonicalGridJson(json), null, 2) : ''}
        title={t('gridDesign.json')}
        testId="grid-design-json-text"
        onClose={() => setShowJson(false)}
      />
    </div>
  );
}
