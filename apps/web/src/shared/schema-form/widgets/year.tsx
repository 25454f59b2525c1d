import { DateWidget } from '../pickers.tsx';
import type { WidgetDef, WidgetProps } from '../types.ts';

export function YearWidget(props: WidgetProps) {
  return <DateWidget {...props} picker="year" />;
}

export const yearWidget: WidgetDef = { Widget: YearWidget, choice: true };
