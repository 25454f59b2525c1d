import { Radio, Spin } from 'antd';
import { useFieldOptions } from '../options.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';

/** One of the field's choices; `border` draws them as bordered buttons. */
export function RadioWidget({ field, id, value, onChange, disabled, readOnly }: WidgetProps) {
  const { options, loading } = useFieldOptions(field);
  if (loading) {
    return <Spin size="small" />;
  }
  return (
    <Radio.Group
      id={id}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      options={options.map((o) => ({
        label: o.label,
        value: o.value as string | number,
        disabled: o.disabled,
      }))}
      optionType={field.border ? 'button' : 'default'}
      disabled={disabled || readOnly}
    />
  );
}

export const radioWidget: WidgetDef = { Widget: RadioWidget, choice: true };
