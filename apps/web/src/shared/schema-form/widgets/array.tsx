import { Select } from 'antd';
import { usePlaceholder } from '../texts.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';
import { fromList, toList } from '../values.ts';

/** A list of texts typed one by one (Enter adds one); stored as a list, or joined per dataType. */
export function ArrayWidget({ field, label, id, value, onChange, onBlur, disabled, readOnly }: WidgetProps) {
  const placeholder = usePlaceholder(field, label);
  return (
    <Select
      id={id}
      mode="tags"
      open={false}
      suffixIcon={null}
      value={toList(value, field).map(String)}
      onChange={(next: string[]) => onChange?.(fromList(next, field))}
      onBlur={onBlur}
      placeholder={placeholder}
      maxCount={field.limit ? field.limit : undefined}
      allowClear={field.clearable}
      disabled={disabled || readOnly}
      style={{ width: '100%' }}
    />
  );
}

export const arrayWidget: WidgetDef = { Widget: ArrayWidget };
