import type { WidgetDef, WidgetProps } from '../types.ts';
import { SelectWidget } from './select.tsx';

/**
 * A row of an entity: the choices of `entityRef:<entId>:<entField or prop>` (the rows a reference field may point
 * at), or the field's own dicSource.
 */
export function EntityWidget(props: WidgetProps) {
  return <SelectWidget {...props} field={{ ...props.field, filterable: props.field.filterable ?? true }} />;
}

export const entityWidget: WidgetDef = { Widget: EntityWidget, choice: true };
