import {
  GRID_ACTIONS,
  GRID_PAGE_SIZES,
  type GridAction,
  type GridJson,
} from '@yuan/contract/lowcode/grid-json';
import { Card, Checkbox, Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GridDesignAction, GridField, GridSort } from './gridState.ts';

interface SettingsPanelProps {
  fields: readonly GridField[];
  json: GridJson;
  dispatch: (action: GridDesignAction) => void;
}

/** The right side: search fields, default sort, page size and the buttons the grid offers. */
export function SettingsPanel({ fields, json, dispatch }: SettingsPanelProps) {
  const { t } = useTranslation();
  const labels = new Map(fields.map((field) => [field.name, field.label]));
  const searchable = fields
    .filter((field) => field.spec.search !== undefined)
    .map((field) => ({ value: field.name, label: field.label }));
  const columns = json.columns.map((column) => ({
    value: column.prop,
    label: labels.get(column.prop) ?? column.prop,
  }));
  const sort = json.sort;
  const sortBy = (next: GridSort | null) => dispatch({ type: 'sort', sort: next });
  return (
    <Card
      size="small"
      title={t('gridDesign.settings')}
      className="grid-design-panel"
      data-testid="grid-settings"
    >
      <Form layout="vertical" size="small" component="div">
        <Form.Item label={t('gridDesign.search')}>
          <Select
            mode="multiple"
            data-testid="grid-search"
            aria-label={t('gridDesign.search')}
            disabled={searchable.length === 0}
            placeholder={searchable.length === 0 ? t('gridDesign.search.none') : undefined}
            value={json.search.filter((name) => labels.has(name))}
            options={searchable}
            onChange={(search) => dispatch({ type: 'search', search })}
          />
        </Form.Item>
        <Form.Item label={t('gridDesign.sort')}>
          <Select
            data-testid="grid-sort-field"
            aria-label={t('gridDesign.sort')}
            allowClear
            placeholder={t('gridDesign.sort.field')}
            value={sort?.prop}
            options={columns}
            onChange={(prop?: string) => sortBy(prop ? { prop, order: sort?.order ?? 'asc' } : null)}
          />
          <Radio.Group
            data-testid="grid-sort-order"
            className="grid-design-order"
            disabled={!sort}
            value={sort?.order ?? 'asc'}
            options={(['asc', 'desc'] as const).map((order) => ({
              value: order,
              label: t(`gridDesign.sort.${order}`),
            }))}
            onChange={(event) => {
              if (sort) {
                sortBy({ prop: sort.prop, order: event.target.value as GridSort['order'] });
              }
            }}
          />
        </Form.Item>
        <Form.Item label={t('gridDesign.pageSize')}>
          <Select<number>
            data-testid="grid-page-size"
            aria-label={t('gridDesign.pageSize')}
            value={json.pageSize}
            options={GRID_PAGE_SIZES.map((size) => ({
              value: size,
              label: t('gridDesign.pageSize.option', { size }),
            }))}
            onChange={(pageSize) => dispatch({ type: 'pageSize', pageSize })}
          />
        </Form.Item>
        <Form.Item label={t('gridDesign.actions')}>
          <Checkbox.Group<GridAction>
            data-testid="grid-actions"
            className="grid-design-actions"
            value={json.actions}
            options={GRID_ACTIONS.map((action) => ({
              value: action,
              label: t(`gridDesign.action.${action}`),
            }))}
            onChange={(actions) => dispatch({ type: 'actions', actions })}
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
