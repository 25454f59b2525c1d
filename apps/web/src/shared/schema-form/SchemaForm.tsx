import { EMPTY_TEXT, FORM_DEFAULTS, SUBMIT_TEXT, withFormDefaults } from '@yuan/contract/lowcode/form-fields';
import type { FormJson } from '@yuan/contract/lowcode/form-json';
import { Button, Form, type FormInstance, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { type CSSProperties, useMemo } from 'react';
import { useLanguage } from '../hooks/useLanguage.ts';
import { defaultValues, groupFields, prepareFields } from './prepare.ts';
import { SchemaFields } from './SchemaFields.tsx';
import { antdSize } from './values.ts';
import './schema-form.css';

export interface SchemaFormProps {
  json: Partial<FormJson>;
  /** Values to start from (an edited record); each field's valueDefault fills what they leave out. */
  values?: Record<string, unknown>;
  /** Called with every value of the form once all rules pass. */
  onSubmit?: (values: Record<string, unknown>) => void;
  onReset?: () => void;
  form?: FormInstance;
  /** The form's name: input ids are `<name>_<prop>`. */
  name?: string;
  disabled?: boolean;
  /** Rules by prop that replace the generated ones. */
  rules?: Partial<Record<string, Rule[]>>;
}

/** A button text of the JSON, or the interface language's default when the JSON keeps the zh default. */
function buttonText(own: string | undefined, pair: readonly [string, string], lang: 'zh' | 'en'): string {
  return own && own !== pair[0] ? own : pair[lang === 'en' ? 1 : 0];
}

/**
 * The one renderer of the SPEC §3 form JSON: label width, position and suffix, the grid (gutter, span, offset),
 * every field from the widget registry with its generated rules, the group list, and the submit/clear buttons.
 */
export function SchemaForm({
  json,
  values,
  onSubmit,
  onReset,
  form,
  name,
  disabled,
  rules,
}: SchemaFormProps) {
  const lang = useLanguage();
  const [own] = Form.useForm(form);
  const settings = useMemo(() => withFormDefaults(json), [json]);
  const fields = useMemo(
    () => prepareFields([...(settings.column ?? []), ...groupFields(settings.group)]),
    [settings],
  );
  const initialValues = useMemo(() => ({ ...defaultValues(fields), ...values }), [fields, values]);
  const top = settings.labelPosition === 'top';
  const style = { '--schema-form-label-suffix': JSON.stringify(settings.labelSuffix ?? '') } as CSSProperties;
  const showMenu =
    settings.menuBtn !== false && (settings.submitBtn !== false || settings.emptyBtn !== false);
  return (
    <Form
      form={own}
      name={name}
      className="schema-form"
      style={style}
      layout={top ? 'vertical' : 'horizontal'}
      labelAlign={settings.labelPosition === 'right' ? 'right' : 'left'}
      labelCol={top ? undefined : { flex: `${settings.labelWidth}px` }}
      labelWrap
      colon={false}
      size={antdSize(settings.size)}
      disabled={disabled}
      initialValues={initialValues}
      onFinish={() => onSubmit?.(own.getFieldsValue(true) as Record<string, unknown>)}
      onReset={onReset}
    >
      <SchemaFields fields={fields} rules={rules} gutter={settings.gutter ?? FORM_DEFAULTS.gutter} />
      {showMenu ? (
        <Form.Item label={null} colon={false} style={{ textAlign: settings.menuPosition ?? 'center' }}>
          <Space>
            {settings.submitBtn === false ? null : (
              <Button type="primary" htmlType="submit" size={antdSize(settings.submitSize)}>
                {buttonText(settings.submitText, SUBMIT_TEXT, lang)}
              </Button>
            )}
            {settings.emptyBtn === false ? null : (
              <Button htmlType="reset" size={antdSize(settings.emptySize)}>
                {buttonText(settings.emptyText, EMPTY_TEXT, lang)}
              </Button>
            )}
          </Space>
        </Form.Item>
      ) : null}
    </Form>
  );
}
