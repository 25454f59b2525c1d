import { DateWidget } from '../pickers.tsx';
import type { WidgetDef, WidgetProps } from '../types.ts';

export function MonthWidget(props: WidgetProps) {
  return <DateWidget {...props} picker="month" />;
}

export const monthWidget: WidgetDef = { Widget: MonthWidget, choice: true };
