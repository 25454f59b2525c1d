import { Col, InputNumber, Row, Slider } from 'antd';
import type { WidgetDef, WidgetProps } from '../types.ts';

/** A number between min and max by step; showStops marks each step, showInput adds a number box beside. */
export function SliderWidget({ field, id, value, onChange, disabled, readOnly }: WidgetProps) {
  const min = field.min ?? 0;
  const max = field.max ?? 10;
  const current = typeof value === 'number' ? value : min;
  const slider = (
    <Slider
      id={id}
      min={min}
      max={max}
      step={field.step ?? 1}
      dots={Boolean(field.showStops)}
      value={current}
      onChange={(next: number) => onChange?.(next)}
      disabled={disabled || readOnly}
    />
  );
  if (!field.showInput) {
    return slider;
  }
  return (
    <Row gutter={12} align="middle">
      <Col flex="auto">{slider}</Col>
      <Col>
        <InputNumber
          min={min}
          max={max}
          step={field.step ?? 1}
          value={current}
          onChange={(next) => onChange?.(next ?? min)}
          disabled={disabled || readOnly}
        />
      </Col>
    </Row>
  );
}

export const sliderWidget: WidgetDef = { Widget: SliderWidget, choice: true };
