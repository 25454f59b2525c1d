import { ColorPicker } from 'antd';
import type { WidgetDef, WidgetProps } from '../types.ts';

/** A colour stored as a hex string (#rrggbb, or #rrggbbaa when not opaque). */
export function ColorWidget({ field, id, value, onChange, disabled, readOnly }: WidgetProps) {
  return (
    <span id={id}>
      <ColorPicker
        value={typeof value === 'string' && value !== '' ? value : null}
        onChange={(color) => onChange?.(color.toHexString())}
        onClear={() => onChange?.(undefined)}
        allowClear={field.clearable}
        showText={Boolean(field.showText)}
        disabled={disabled || readOnly}
      />
    </span>
  );
}

export const colorWidget: WidgetDef = { Widget: ColorWidget, choice: true };
