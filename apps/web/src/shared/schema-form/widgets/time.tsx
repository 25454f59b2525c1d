import { TimeWidget } from '../pickers.tsx';
import type { WidgetDef } from '../types.ts';

export const timeWidget: WidgetDef = { Widget: TimeWidget, choice: true };
