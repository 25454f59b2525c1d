import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Col, ConfigProvider, Form, Row } from 'antd';
import { useMemo } from 'react';
import { useLanguage } from '../hooks/useLanguage.ts';
import { SchemaContext, type SchemaContextValue, useSchemaContext } from './context.ts';
import { widgetOf } from './registry.ts';
import { fieldRules } from './rules.ts';
import { useTexts } from './texts.ts';
import type { FieldName, WidgetProps } from './types.ts';
import { antdSize } from './values.ts';

interface FieldControlProps extends Omit<WidgetProps, 'label'> {
  label?: string;
}

/** The input of one field from the registry, with the field's own size; Form.Item binds value and onChange. */
export function FieldControl({ field, label, disabled, readOnly, ...binding }: FieldControlProps) {
  const def = widgetOf(field.type);
  const Widget = def.Widget ?? widgetOf('input').Widget;
  if (!Widget) {
    return null;
  }
  const control = (
    <Widget
      {...binding}
      field={field}
      label={label ?? field.label ?? ''}
      disabled={disabled || field.disabled}
      readOnly={readOnly || field.readonly}
    />
  );
  return field.size ? (
    <ConfigProvider componentSize={antdSize(field.size)}>{control}</ConfigProvider>
  ) : (
    control
  );
}

/** Keeps a hidden field's value in the form without drawing anything. */
function HiddenValue() {
  return null;
}

interface SchemaItemProps {
  field: FormField;
  name: FieldName;
  /** Inside a sub-form row: no label of its own (the column header names it). */
  cell?: boolean;
}

/** One field: its labelled Form.Item with the generated (or the host's) rules, or its own section. */
export function SchemaItem({ field, name, cell }: SchemaItemProps) {
  const t = useTexts();
  const lang = useLanguage();
  const context = useSchemaContext();
  const def = widgetOf(field.type);
  if (field.display === false) {
    return (
      <Form.Item name={name} hidden noStyle>
        <HiddenValue />
      </Form.Item>
    );
  }
  if (def.Section) {
    return <def.Section field={field} name={name} renderFields={renderFields} renderCell={renderCell} />;
  }
  const label = field.label ?? '';
  const hostRules = cell ? undefined : context.rules?.[field.prop ?? ''];
  const host = cell ? undefined : context.items?.[field.prop ?? ''];
  return (
    <Form.Item
      name={name}
      label={cell ? undefined : label}
      rules={hostRules ?? fieldRules(field, def, label, lang, t)}
      // Typed values are checked when they lose focus (SPEC §5 param form), picked ones when they change.
      validateTrigger={host?.validateTrigger ?? (def.choice ? 'onChange' : 'onBlur')}
      extra={host?.extra ?? (field.type === 'upload' ? field.tip : undefined)}
      dependencies={host?.dependencies}
      tooltip={host?.tooltip}
      style={cell ? { marginBottom: 0 } : undefined}
    >
      {host?.control ?? (
        <FieldControl
          field={field}
          label={label}
          testId={host?.testId}
          autoComplete={host?.autoComplete}
          inputMode={host?.inputMode}
        />
      )}
    </Form.Item>
  );
}

interface SchemaFieldsProps {
  fields: readonly FormField[];
  prefix?: FieldName;
  /** Rules by prop that replace the generated ones (given by a host such as a system dialog). */
  rules?: SchemaContextValue['rules'];
  /** The host's test ids, hints and checks by prop. */
  items?: SchemaContextValue['items'];
  /** Space between grid columns; default the enclosing form's. */
  gutter?: number;
}

/** The fields of a form, a group or a sub-form row on the form's grid (span and offset out of 24). */
export function SchemaFields({ fields, prefix = [], rules, items, gutter }: SchemaFieldsProps) {
  const outer = useSchemaContext();
  const context = useMemo(
    () => ({ rules: rules ?? outer.rules, items: items ?? outer.items, gutter: gutter ?? outer.gutter }),
    [rules, items, gutter, outer],
  );
  return (
    <SchemaContext.Provider value={context}>
      <Row gutter={context.gutter}>
        {fields.map((field, index) => {
          const key = field.prop ?? String(index);
          const name = [...prefix, key];
          return field.display === false ? (
            <SchemaItem key={key} field={field} name={name} />
          ) : (
            <Col key={key} span={field.span ?? 24} offset={field.offset}>
              <SchemaItem field={field} name={name} />
            </Col>
          );
        })}
      </Row>
    </SchemaContext.Provider>
  );
}

function renderFields(fields: readonly FormField[], prefix: FieldName) {
  return <SchemaFields fields={fields} prefix={prefix} />;
}

function renderCell(field: FormField, name: FieldName) {
  return <SchemaItem field={field} name={name} cell />;
}
