import { Switch } from 'antd';
import type { WidgetDef, WidgetProps } from '../types.ts';

/**
 * On or off. With two dicData entries (SPEC §3, as the designer writes them) the first is "off" and the second
 * "on": their values are stored and their labels shown; otherwise the value is true/false.
 */
export function SwitchWidget({ field, id, value, onChange, disabled, readOnly }: WidgetProps) {
  const [off, on] = field.dicData ?? [];
  const onValue = on ? on.value : true;
  const offValue = off ? off.value : false;
  return (
    <Switch
      id={id}
      checked={value === onValue || (on !== undefined && String(value) === String(onValue))}
      onChange={(checked) => onChange?.(checked ? onValue : offValue)}
      checkedChildren={on?.label || undefined}
      unCheckedChildren={off?.label || undefined}
      disabled={disabled || readOnly}
    />
  );
}

/** A switch always has a value: off counts as given, so `required` only asks for a value to exist. */
export const switchWidget: WidgetDef = {
  Widget: SwitchWidget,
  choice: true,
  isEmpty: (value) => value === undefined || value === null,
};
