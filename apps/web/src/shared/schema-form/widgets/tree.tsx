import { TreeSelect } from 'antd';
import { type OptionNode, useFieldOptions } from '../options.ts';
import { usePlaceholder } from '../texts.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';
import { fromList, toList } from '../values.ts';

interface TreeOption {
  label: string;
  value: string | number;
  disabled?: boolean;
  selectable?: boolean;
  children?: TreeOption[];
}

/** parent false: only leaves may be chosen. */
function treeData(options: OptionNode[], parents: boolean): TreeOption[] {
  return options.map((o) => {
    const children = o.children && o.children.length > 0 ? treeData(o.children, parents) : undefined;
    return {
      label: o.label,
      value: o.value as string | number,
      disabled: o.disabled,
      selectable: parents || !children,
      children,
    };
  });
}

/** A choice in a tree of choices (one, or several with multiple), clearable and filterable by label. */
export function TreeWidget({ field, label, id, value, onChange, onBlur, disabled, readOnly }: WidgetProps) {
  const { options, loading } = useFieldOptions(field);
  const placeholder = usePlaceholder(field, label, true);
  const multiple = Boolean(field.multiple);
  return (
    <TreeSelect
      id={id}
      multiple={multiple}
      value={multiple ? toList(value, field) : (value as string | number | undefined)}
      onChange={(next: unknown) => onChange?.(multiple ? fromList((next as unknown[]) ?? [], field) : next)}
      onBlur={onBlur}
      treeData={treeData(options, field.parent !== false)}
      fieldNames={{ label: 'label', value: 'value', children: 'children' }}
      loading={loading}
      placeholder={placeholder}
      allowClear={field.clearable}
      showSearch={Boolean(field.filterable)}
      treeNodeFilterProp="label"
      disabled={disabled || readOnly}
      style={{ width: '100%' }}
    />
  );
}

export const treeWidget: WidgetDef = { Widget: TreeWidget, choice: true };
