import { FIELD_TYPE_NAMES, FIELD_TYPES, FORM_LIMITS } from '@yuan/contract/lowcode/form-fields';
import { type FormField, formFieldSchema } from '@yuan/contract/lowcode/form-json';
import { Alert, Empty, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { CHOICE_PANEL_TYPES, ChoicePanel } from './ChoicePanel.tsx';
import { bindEntityField, type EntityField } from './entityBinding.ts';
import { issueText } from './importJson.ts';
import {
  CommitInput,
  type FieldPartProps,
  NumberProp,
  PropRow,
  SwitchProp,
  TextProp,
  withProp,
} from './panelParts.tsx';
import { TypePanel } from './TypePanels.tsx';

const DATA_TYPE_TYPES = new Set(['cascader', 'checkbox', 'upload', 'img', 'array']);

function DefaultValue({ field, onChange }: FieldPartProps) {
  if (field.type === 'number') {
    return (
      <InputNumber
        aria-label="valueDefault"
        style={{ width: '100%' }}
        value={typeof field.valueDefault === 'number' ? field.valueDefault : null}
        onChange={(value) => onChange(withProp(field, 'valueDefault', value))}
      />
    );
  }
  if (field.type === 'switch') {
    return (
      <Switch
        aria-label="valueDefault"
        size="small"
        checked={field.valueDefault === true}
        onChange={(checked) => onChange({ ...field, valueDefault: checked })}
      />
    );
  }
  return (
    <Input
      aria-label="valueDefault"
      value={typeof field.valueDefault === 'string' ? field.valueDefault : ''}
      onChange={(event) => onChange(withProp(field, 'valueDefault', event.target.value))}
    />
  );
}

interface FieldPanelProps {
  field: FormField | undefined;
  /** The field is a column of a sub-form, whose table width it sets. */
  subfield?: boolean;
  onChange: (next: FormField) => void;
  /** Another field's prop: a new prop must differ from these. */
  takenProps: readonly string[];
  entityFields: readonly EntityField[];
  onChangeType: (type: string) => void;
}

/** The selected field's properties (SPEC §2 widget panel); the contract schema reports what breaks §5. */
export function FieldPanel({
  field,
  subfield,
  takenProps,
  entityFields,
  onChange,
  onChangeType,
}: FieldPanelProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const problem = useMemo(() => {
    if (!field) {
      return null;
    }
    const parsed = formFieldSchema.safeParse(field);
    return parsed.success ? null : issueText(parsed.error, lang);
  }, [field, lang]);
  if (!field) {
    return <Empty description={t('pageDesign.field.none')} />;
  }
  const type = field.type ?? 'input';
  const part = { field, onChange };
  return (
    <Form layout="vertical" size="small" className="page-design-panel" component="div">
      {problem ? (
        <Alert
          type="error"
          showIcon
          title={t('pageDesign.field.invalid', { message: problem })}
          role="alert"
        />
      ) : null}
      <PropRow label="pageDesign.field.type">
        <Select
          aria-label="type"
          showSearch={{ optionFilterProp: 'label' }}
          value={type}
          options={FIELD_TYPES.map((value) => ({
            value,
            label: FIELD_TYPE_NAMES[value][lang === 'en' ? 1 : 0],
          }))}
          onChange={(value: string) => onChangeType(value)}
        />
      </PropRow>
      {entityFields.length > 0 ? (
        <PropRow label="pageDesign.field.entityField">
          <Select
            aria-label="entityField"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={entityFields.some((item) => item.eleNo === field.prop) ? field.prop : undefined}
            options={entityFields.map((item) => ({
              value: item.eleNo,
              label: `${item.eleName} (${item.eleNo})`,
            }))}
            onChange={(eleNo: string | undefined) => {
              const element = entityFields.find((item) => item.eleNo === eleNo);
              if (element) {
                onChange(bindEntityField(field, element, lang));
              }
            }}
          />
        </PropRow>
      ) : null}
      <PropRow label="pageDesign.field.prop">
        <CommitInput
          ariaLabel="prop"
          value={field.prop ?? ''}
          onCommit={(prop) => {
            if (!takenProps.includes(prop)) {
              onChange({ ...field, prop });
            }
          }}
        />
      </PropRow>
      <TextProp {...part} name="label" label="pageDesign.field.label" />
      <NumberProp {...part} name="span" label="pageDesign.field.span" {...FORM_LIMITS.span} />
      <NumberProp {...part} name="offset" label="pageDesign.field.offset" min={0} max={24} />
      {subfield || field.subfield ? (
        <NumberProp {...part} name="width" label="pageDesign.field.width" min={FORM_LIMITS.width.min} />
      ) : null}
      {type === 'group' || type === 'dynamic' ? null : (
        <>
          <TextProp {...part} name="placeholder" label="pageDesign.field.placeholder" />
          <SwitchProp {...part} name="required" label="pageDesign.field.required" />
          <PropRow label="pageDesign.field.valueDefault">
            <DefaultValue {...part} />
          </PropRow>
          <SwitchProp {...part} name="disabled" label="pageDesign.field.disabled" />
          <SwitchProp {...part} name="readonly" label="pageDesign.field.readonly" />
        </>
      )}
      <SwitchProp {...part} name="display" label="pageDesign.field.display" fallback />
      {type === 'script' ? null : <SwitchProp {...part} name="unique" label="pageDesign.field.unique" />}
      {DATA_TYPE_TYPES.has(type) ? (
        <PropRow label="pageDesign.field.dataType">
          <Select
            aria-label="dataType"
            allowClear
            value={field.dataType}
            options={['string', 'number'].map((value) => ({ value, label: value }))}
            onChange={(value: 'string' | 'number' | undefined) =>
              onChange(withProp(field, 'dataType', value ?? null))
            }
          />
        </PropRow>
      ) : null}
      <TypePanel {...part} />
      {CHOICE_PANEL_TYPES.has(type) ? <ChoicePanel key={field.prop} {...part} /> : null}
    </Form>
  );
}
