import { Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { usePlaceholder } from '../texts.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';

/** prepend/append as addons on either side of an input. */
export function WithAddons({
  prepend,
  append,
  children,
}: {
  prepend?: string;
  append?: string;
  children: ReactNode;
}) {
  if (!prepend && !append) {
    return children;
  }
  return (
    <Space.Compact style={{ width: '100%' }}>
      {prepend ? <Space.Addon>{prepend}</Space.Addon> : null}
      {children}
      {append ? <Space.Addon>{append}</Space.Addon> : null}
    </Space.Compact>
  );
}

/** What every typed text control takes from its field: value, events, placeholder, length and its count, clear. */
export function useTextProps({
  field,
  label,
  id,
  value,
  onChange,
  onBlur,
  disabled,
  readOnly,
  testId,
  autoComplete,
  inputMode,
}: WidgetProps) {
  const placeholder = usePlaceholder(field, label);
  return {
    id,
    value: (value as string | undefined) ?? '',
    onChange: (event: { target: { value: string } }) => onChange?.(event.target.value),
    onBlur,
    placeholder,
    maxLength: field.maxlength,
    showCount: Boolean(field.showWordLimit && field.maxlength),
    allowClear: field.clearable,
    disabled,
    readOnly,
    'data-testid': testId,
    autoComplete,
    // A url field gets the url keyboard, not type=url: the browser's own check would block the submit before the
    // form's rule could say why.
    inputMode: field.type === 'url' ? ('url' as const) : inputMode,
  };
}

/** One line of text: placeholder, maxlength with its word count, clear button, prepend/append. */
export function InputWidget(props: WidgetProps) {
  const { field } = props;
  return (
    <WithAddons prepend={field.prepend} append={field.append}>
      <Input {...useTextProps(props)} />
    </WithAddons>
  );
}

export const inputWidget: WidgetDef = { Widget: InputWidget };
