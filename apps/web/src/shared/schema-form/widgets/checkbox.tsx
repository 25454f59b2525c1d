import { Checkbox, Spin } from 'antd';
import { useFieldOptions } from '../options.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';
import { fromList, toList } from '../values.ts';

const BORDERED = { border: '1px solid #d9d9d9', borderRadius: 4, padding: '4px 8px' } as const;

/** Several of the field's choices; once `limit` are ticked the others wait until one is unticked. */
export function CheckboxWidget({ field, id, value, onChange, disabled, readOnly }: WidgetProps) {
  const { options, loading } = useFieldOptions(field);
  if (loading) {
    return <Spin size="small" />;
  }
  const checked = toList(value, field);
  const full = Boolean(field.limit) && checked.length >= (field.limit ?? 0);
  return (
    <span id={id}>
      <Checkbox.Group
        value={checked}
        onChange={(next) => onChange?.(fromList(next, field))}
        disabled={disabled || readOnly}
      >
        {options.map((o) => {
          const key = o.value as string | number;
          return (
            <Checkbox
              key={String(key)}
              value={key}
              disabled={o.disabled || (full && !checked.includes(key))}
              style={field.border ? BORDERED : undefined}
            >
              {o.label}
            </Checkbox>
          );
        })}
      </Checkbox.Group>
    </span>
  );
}

export const checkboxWidget: WidgetDef = { Widget: CheckboxWidget, choice: true };
