import type { WidgetDef } from '../types.ts';
import { InputWidget } from './input.tsx';

/** An http(s) address: a text input whose value must be a link. */
export const urlWidget: WidgetDef = {
  Widget: InputWidget,
  rules: (_field, label, t) => [{ type: 'url', message: t('schemaForm.url', { label }) }],
};
