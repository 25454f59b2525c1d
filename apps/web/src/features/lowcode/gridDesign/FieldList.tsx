import type { GridJson } from '@yuan/contract/lowcode/grid-json';
import { Card, Checkbox, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GridDesignAction, GridField } from './gridState.ts';

interface FieldListProps {
  fields: readonly GridField[];
  json: GridJson;
  dispatch: (action: GridDesignAction) => void;
}

/** The left side: every field of the entity, ticked when it is a column. */
export function FieldList({ fields, json, dispatch }: FieldListProps) {
  const { t } = useTranslation();
  const shown = new Set(json.columns.map((column) => column.prop));
  return (
    <Card size="small" title={t('gridDesign.fields')} className="grid-design-panel" data-testid="grid-fields">
      <Typography.Text type="secondary" className="grid-design-hint">
        {t('gridDesign.fields.hint')}
      </Typography.Text>
      {fields.length === 0 ? <Empty description={t('gridDesign.fields.empty')} /> : null}
      <ul className="grid-design-fields">
        {fields.map((field) => (
          <li key={field.name}>
            <Checkbox
              data-testid={`grid-field-${field.name}`}
              checked={shown.has(field.name)}
              onChange={(event) =>
                dispatch({ type: 'toggle', prop: field.name, shown: event.target.checked })
              }
            >
              {field.label} <Typography.Text type="secondary">({field.name})</Typography.Text>
            </Checkbox>
          </li>
        ))}
      </ul>
    </Card>
  );
}
