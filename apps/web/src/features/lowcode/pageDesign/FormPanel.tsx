import { FORM_DEFAULTS, FORM_LIMITS } from '@yuan/contract/lowcode/form-fields';
import type { FieldSize, FormJson, FormSettings } from '@yuan/contract/lowcode/form-json';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PropRow } from './panelParts.tsx';

interface FormPanelProps {
  json: FormJson;
  onChange: (settings: Partial<FormSettings>) => void;
}

const SIZES: FieldSize[] = ['medium', 'small', 'mini'];
const POSITIONS = ['left', 'center', 'right'] as const;

/** The form's own settings (SPEC §3 form design), defaults from SPEC §9. */
export function FormPanel({ json, onChange }: FormPanelProps) {
  const { t } = useTranslation();
  const value = { ...FORM_DEFAULTS, ...json };
  const sizes = SIZES.map((size) => ({ value: size, label: t(`pageDesign.form.${size}`) }));
  const sizeSelect = (key: 'submitSize' | 'emptySize' | 'size') => (
    <Select
      aria-label={key}
      value={value[key]}
      options={sizes}
      onChange={(size) => onChange({ [key]: size })}
    />
  );
  const toggle = (key: 'menuBtn' | 'submitBtn' | 'emptyBtn') => (
    <Switch
      aria-label={key}
      size="small"
      checked={value[key]}
      onChange={(checked) => onChange({ [key]: checked })}
    />
  );
  return (
    <Form layout="vertical" size="small" className="page-design-panel" component="div">
      <PropRow label="pageDesign.form.labelPosition">
        <Select
          aria-label="labelPosition"
          value={value.labelPosition}
          options={(['left', 'right', 'top'] as const).map((position) => ({
            value: position,
            label: t(`pageDesign.form.${position}`),
          }))}
          onChange={(labelPosition) => onChange({ labelPosition })}
        />
      </PropRow>
      <PropRow label="pageDesign.form.labelSuffix">
        <Input
          aria-label="labelSuffix"
          maxLength={16}
          value={value.labelSuffix}
          onChange={(event) => onChange({ labelSuffix: event.target.value })}
        />
      </PropRow>
      <PropRow label="pageDesign.form.labelWidth">
        <InputNumber
          aria-label="labelWidth"
          style={{ width: '100%' }}
          {...FORM_LIMITS.labelWidth}
          value={value.labelWidth}
          onChange={(labelWidth) => onChange({ labelWidth: labelWidth ?? FORM_DEFAULTS.labelWidth })}
        />
      </PropRow>
      <PropRow label="pageDesign.form.gutter">
        <InputNumber
          aria-label="gutter"
          style={{ width: '100%' }}
          {...FORM_LIMITS.gutter}
          value={value.gutter}
          onChange={(gutter) => onChange({ gutter: gutter ?? FORM_DEFAULTS.gutter })}
        />
      </PropRow>
      <PropRow label="pageDesign.form.size">{sizeSelect('size')}</PropRow>
      <PropRow label="pageDesign.form.menuBtn">{toggle('menuBtn')}</PropRow>
      <PropRow label="pageDesign.form.menuPosition">
        <Select
          aria-label="menuPosition"
          value={value.menuPosition}
          options={POSITIONS.map((position) => ({
            value: position,
            label: t(`pageDesign.form.${position}`),
          }))}
          onChange={(menuPosition) => onChange({ menuPosition })}
        />
      </PropRow>
      <PropRow label="pageDesign.form.submitBtn">{toggle('submitBtn')}</PropRow>
      <PropRow label="pageDesign.form.submitText">
        <Input
          aria-label="submitText"
          value={value.submitText}
          onChange={(event) => onChange({ submitText: event.target.value })}
        />
      </PropRow>
      <PropRow label="pageDesign.form.submitSize">{sizeSelect('submitSize')}</PropRow>
      <PropRow label="pageDesign.form.emptyBtn">{toggle('emptyBtn')}</PropRow>
      <PropRow label="pageDesign.form.emptyText">
        <Input
          aria-label="emptyText"
          value={value.emptyText}
          onChange={(event) => onChange({ emptyText: event.target.value })}
        />
      </PropRow>
      <PropRow label="pageDesign.form.emptySize">{sizeSelect('emptySize')}</PropRow>
    </Form>
  );
}
