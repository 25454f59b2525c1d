import { RATE_COLORS, RATE_TEXTS } from '@yuan/contract/lowcode/form-fields';
import { Rate, Space } from 'antd';
import { useLanguage } from '../../hooks/useLanguage.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((text, i) => text === b[i]);
}

/** Element's thresholds: up to 2 stars the first colour, up to 4 the second, above that the third. */
function colorOf(score: number, colors: readonly string[]): string | undefined {
  return colors[score <= 2 ? 0 : score <= 4 ? 1 : 2] ?? colors[colors.length - 1];
}

/**
 * Stars out of `max`; each star's text is its tooltip and, with showText, shown beside. The default texts follow
 * the interface language; texts the designer typed are shown as written.
 */
export function RateWidget({ field, id, value, onChange, disabled, readOnly }: WidgetProps) {
  const lang = useLanguage();
  const own = field.texts && !sameTexts(field.texts, RATE_TEXTS.zh) ? field.texts : undefined;
  const texts = own ?? RATE_TEXTS[lang];
  const score = typeof value === 'number' ? value : Number(value) || 0;
  return (
    <Space id={id}>
      <Rate
        count={field.max ?? 5}
        value={score}
        onChange={(next) => onChange?.(next)}
        tooltips={[...texts]}
        disabled={disabled || readOnly}
        style={{ color: colorOf(score, field.colors ?? RATE_COLORS) }}
      />
      {field.showText && score > 0 ? <span>{texts[score - 1]}</span> : null}
    </Space>
  );
}

export const rateWidget: WidgetDef = {
  Widget: RateWidget,
  choice: true,
  isEmpty: (value) => value === undefined || value === null || value === 0,
};
