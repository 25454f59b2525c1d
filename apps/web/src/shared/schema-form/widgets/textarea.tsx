import { Input } from 'antd';
import type { WidgetDef, WidgetProps } from '../types.ts';
import { useTextProps } from './input.tsx';

/** Rows of text: grows between minRows and maxRows when either is given, else three rows. */
export function TextareaWidget(props: WidgetProps) {
  const { field } = props;
  const sized = field.minRows !== undefined || field.maxRows !== undefined;
  return (
    <Input.TextArea
      {...useTextProps(props)}
      rows={sized ? undefined : 3}
      autoSize={sized ? { minRows: field.minRows, maxRows: field.maxRows } : undefined}
    />
  );
}

export const textareaWidget: WidgetDef = { Widget: TextareaWidget };
