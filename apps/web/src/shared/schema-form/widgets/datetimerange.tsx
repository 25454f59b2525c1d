import { RangeWidget } from '../pickers.tsx';
import type { WidgetDef, WidgetProps } from '../types.ts';

export function DatetimerangeWidget(props: WidgetProps) {
  return <RangeWidget {...props} showTime />;
}

export const datetimerangeWidget: WidgetDef = { Widget: DatetimerangeWidget, choice: true };
