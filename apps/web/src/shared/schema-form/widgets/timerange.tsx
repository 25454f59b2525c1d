import { RangeWidget } from '../pickers.tsx';
import type { WidgetDef, WidgetProps } from '../types.ts';

export function TimerangeWidget(props: WidgetProps) {
  return <RangeWidget {...props} time />;
}

export const timerangeWidget: WidgetDef = { Widget: TimerangeWidget, choice: true };
