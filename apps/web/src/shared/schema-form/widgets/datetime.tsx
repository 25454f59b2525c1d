import { DateWidget } from '../pickers.tsx';
import type { WidgetDef, WidgetProps } from '../types.ts';

export function DatetimeWidget(props: WidgetProps) {
  return <DateWidget {...props} picker="date" showTime />;
}

export const datetimeWidget: WidgetDef = { Widget: DatetimeWidget, choice: true };
