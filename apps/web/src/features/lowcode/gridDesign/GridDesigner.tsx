import { Alert } from 'antd';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { useLeaveWarning } from '../pageDesign/useDesignKeys.ts';
import { ColumnList } from './ColumnList.tsx';
import { FieldList } from './FieldList.tsx';
import { GridPreview } from './GridPreview.tsx';
import { GridToolbar } from './GridToolbar.tsx';
import { type GridRow, gridDesignApi } from './gridApi.ts';
import {
  canonicalGridJson,
  type GridField,
  gridDesignReducer,
  isDirty,
  loadGridDesign,
} from './gridState.ts';
import { SettingsPanel } from './SettingsPanel.tsx';
import './gridDesign.css';

interface GridDesignerProps {
  grid: GridRow;
  fields: readonly GridField[];
}

/** The grid designer: the entity's fields, the columns, the grid's settings and a live preview of one state. */
export function GridDesigner({ grid, fields }: GridDesignerProps) {
  const { t } = useTranslation();
  const [loaded] = useState(() => loadGridDesign(grid.gridJson, fields));
  const [state, dispatch] = useReducer(gridDesignReducer, loaded.state);
  const [saving, setSaving] = useState(false);
  const dirty = isDirty(state);
  useLeaveWarning(dirty);
  const save = async () => {
    setSaving(true);
    try {
      await gridDesignApi.save({
        id: grid.id,
        gridNo: grid.gridNo,
        gridName: grid.gridName,
        entId: grid.entId,
        gridJson: canonicalGridJson(state.json),
      });
      dispatch({ type: 'saved' });
      toastSuccess(t('gridDesign.saved'));
    } catch {
      // The request client has shown the server's refusal.
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="grid-design" data-testid="grid-design">
      <GridToolbar grid={grid} json={state.json} dirty={dirty} saving={saving} onSave={() => void save()} />
      {loaded.dropped.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          closable
          data-testid="grid-design-dropped"
          title={t('gridDesign.dropped', { names: loaded.dropped.join(', ') })}
          style={{ marginBottom: 8 }}
        />
      ) : null}
      <div className="grid-design-body">
        <FieldList fields={fields} json={state.json} dispatch={dispatch} />
        <ColumnList fields={fields} json={state.json} dispatch={dispatch} />
        <SettingsPanel fields={fields} json={state.json} dispatch={dispatch} />
      </div>
      <GridPreview entId={grid.entId} fields={fields} json={state.json} />
    </div>
  );
}
