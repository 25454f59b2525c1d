import { InputNumber } from 'antd';
import { usePlaceholder } from '../texts.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';
import { WithAddons } from './input.tsx';

/**
 * A number within min/max, moved by step, rounded to precision. Controls sit on the right (controlsPosition
 * 'right', the default); any other position puts − and + on either side.
 */
export function NumberWidget({
  field,
  label,
  id,
  value,
  onChange,
  onBlur,
  disabled,
  readOnly,
  testId,
}: WidgetProps) {
  const placeholder = usePlaceholder(field, label);
  const right = field.controlsPosition === undefined || field.controlsPosition === 'right';
  return (
    <WithAddons prepend={field.prepend} append={field.append}>
      <InputNumber
        id={id}
        value={typeof value === 'number' || typeof value === 'string' ? value : null}
        onChange={(next) => onChange?.(next ?? undefined)}
        onBlur={onBlur}
        placeholder={placeholder}
        min={field.min}
        max={field.max}
        step={field.step}
        precision={field.precision}
        mode={right ? 'input' : 'spinner'}
        disabled={disabled}
        readOnly={readOnly}
        style={{ width: '100%' }}
        data-testid={testId}
      />
    </WithAddons>
  );
}

export const numberWidget: WidgetDef = { Widget: NumberWidget };
