import { CheckOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig, Row } from '../../../shared/crud/types.ts';
import type { EntityConfig } from '../api.ts';
import { EntityGate } from '../entityData/EntityGate.tsx';
import { entityCrudConfig, titleFieldOf } from '../entityData/entityCrud.ts';
import type { ParentRow } from './bindingView.ts';

export interface NodeRowsProps {
  entId: string;
  /** A sub-list: only the rows whose reference field holds the parent row's id (and new rows get it). */
  filter?: { field: string; value: string };
  /** The row chosen as this entity's parent row, if any. */
  pickedId?: string;
  onPick: (row: ParentRow) => void;
}

/**
 * The list and sub-list views: the entity's rows on the same screen as /entity/detail/:id (the shared CrudPage
 * with the entity's configuration), plus a button per row that makes it the parent row of the sub-views.
 */
export function NodeRows(props: NodeRowsProps) {
  return <EntityGate entId={props.entId}>{(data) => <Rows {...props} data={data} />}</EntityGate>;
}

/** How a chosen row is named: its first text value (as the entity's hierarchy titles it), else its id. */
function rowLabel(row: Row, data: EntityConfig): string {
  const field = titleFieldOf(data);
  const value = field ? row[field] : undefined;
  return typeof value === 'string' && value !== '' ? value : row.id;
}

function Rows({ entId, filter, pickedId, onPick, data }: NodeRowsProps & { data: EntityConfig }) {
  const { t } = useTranslation();
  // Primitives, so a parent's new filter object with the same contents keeps the configuration.
  const refField = filter?.field;
  const parentId = filter?.value;
  const config = useMemo<CrudConfig>(() => {
    const base = entityCrudConfig(entId, data);
    const fields = { ...base.fields };
    const fixed = refField && parentId ? { [refField]: parentId } : undefined;
    if (refField) {
      // The filter is fixed: the search bar and the dialog leave the reference field to it.
      fields[refField] = { ...fields[refField], hideInSearch: true, hideInForm: true };
    }
    return {
      ...base,
      // Another id than the entity screen's: a sub-list's rows are a filtered page of their own.
      id: fixed ? `mindmap-sub-${entId}` : `mindmap-${entId}`,
      fields,
      params: fixed,
      defaults: fixed,
      rowActionCount: 1,
      rowActions: (row) =>
        row.id === pickedId ? (
          <Button
            type="link"
            size="small"
            icon={<CheckOutlined />}
            disabled
            data-testid="mindmap-parent-current"
          >
            {t('mindmap.run.parentCurrent')}
          </Button>
        ) : (
          <Button
            type="link"
            size="small"
            data-testid="mindmap-pick-parent"
            onClick={() => onPick({ entId, id: row.id, label: rowLabel(row, data) })}
          >
            {t('mindmap.run.pickParent')}
          </Button>
        ),
    };
  }, [entId, data, refField, parentId, pickedId, onPick, t]);
  return <CrudPage config={config} />;
}
