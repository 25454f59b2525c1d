import { RangeWidget } from '../pickers.tsx';
import type { WidgetDef, WidgetProps } from '../types.ts';

export function DaterangeWidget(props: WidgetProps) {
  return <RangeWidget {...props} />;
}

export const daterangeWidget: WidgetDef = { Widget: DaterangeWidget, choice: true };
