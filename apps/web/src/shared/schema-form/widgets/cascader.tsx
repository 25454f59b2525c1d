import { Cascader } from 'antd';
import { useFieldOptions } from '../options.ts';
import { usePlaceholder } from '../texts.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';
import { fromList, toList } from '../values.ts';

type Path = (string | number)[];

/**
 * A path through nested choices, stored as the list of values (joined per dataType). showAllLevels false shows the
 * last label only; `separator` joins the labels shown.
 */
export function CascaderWidget({
  field,
  label,
  id,
  value,
  onChange,
  onBlur,
  disabled,
  readOnly,
}: WidgetProps) {
  const { options, loading } = useFieldOptions(field);
  const placeholder = usePlaceholder(field, label, true);
  const separator = field.separator ?? ' / ';
  const shown = (labels: string[]) =>
    field.showAllLevels === false ? (labels[labels.length - 1] ?? '') : labels.join(separator);
  const common = {
    id,
    options: options as never,
    onBlur,
    placeholder,
    loading,
    allowClear: field.clearable,
    showSearch: Boolean(field.filterable),
    disabled: disabled || readOnly,
    displayRender: shown,
    style: { width: '100%' },
  };
  if (field.multiple) {
    const paths = Array.isArray(value) ? (value as Path[]) : [];
    return <Cascader {...common} multiple value={paths} onChange={(next) => onChange?.(next as Path[])} />;
  }
  return (
    <Cascader
      {...common}
      value={toList(value, field)}
      onChange={(next) => onChange?.(next ? fromList(next as Path, field) : undefined)}
    />
  );
}

export const cascaderWidget: WidgetDef = { Widget: CascaderWidget, choice: true };
