import { Select } from 'antd';
import { useFieldOptions } from '../options.ts';
import { usePlaceholder } from '../texts.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';
import { fromList, toList } from '../values.ts';

/** A drop-down of the field's choices: multiple (at most `limit`), clearable, filterable by label. */
export function SelectWidget({ field, label, id, value, onChange, onBlur, disabled, readOnly }: WidgetProps) {
  const { options, loading } = useFieldOptions(field);
  const placeholder = usePlaceholder(field, label, true);
  const multiple = Boolean(field.multiple);
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? toList(value, field) : (value as string | number | undefined)}
      onChange={(next: unknown) => onChange?.(multiple ? fromList(next as unknown[], field) : next)}
      onBlur={onBlur}
      options={options.map((o) => ({
        label: o.label,
        value: o.value as string | number,
        disabled: o.disabled,
      }))}
      loading={loading}
      placeholder={placeholder}
      maxCount={multiple && field.limit ? field.limit : undefined}
      allowClear={field.clearable}
      showSearch={field.filterable ? { optionFilterProp: 'label' } : false}
      disabled={disabled || readOnly}
      style={{ width: '100%' }}
    />
  );
}

export const selectWidget: WidgetDef = { Widget: SelectWidget, choice: true };
