import { DateWidget } from '../pickers.tsx';
import type { WidgetDef, WidgetProps } from '../types.ts';

export function DayWidget(props: WidgetProps) {
  return <DateWidget {...props} picker="date" />;
}

export const dateWidget: WidgetDef = { Widget: DayWidget, choice: true };
