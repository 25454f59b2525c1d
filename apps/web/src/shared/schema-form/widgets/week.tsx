import { DateWidget } from '../pickers.tsx';
import type { WidgetDef, WidgetProps } from '../types.ts';

export function WeekWidget(props: WidgetProps) {
  return <DateWidget {...props} picker="week" />;
}

export const weekWidget: WidgetDef = { Widget: WeekWidget, choice: true };
