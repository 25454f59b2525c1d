import type { SqlResult } from '@yuan/contract/lowcode/sql-edit';
import { useEffect, useMemo, useRef } from 'react';
import { init } from '../../../shared/charts/echarts.ts';
import { themeSpec } from '../../../shared/theme/themes.ts';
import { useSettings } from '../../../stores/settings.ts';
import { chartOption, type DrawnChart, type Presentation } from './chartOption.ts';

/** What the viewer may ask of a drawn chart, without knowing echarts. */
export interface ChartHandle {
  /** The chart as a PNG data URL, on a plain background (a transparent PNG is unreadable in most viewers). */
  toPng: () => string;
}

export interface ReportChartProps {
  chart: DrawnChart;
  presentation: Presentation;
  result: SqlResult;
  /** The columns' headers by name (the series' names). */
  titles?: Readonly<Record<string, string>>;
  height?: number;
  onReady?: (handle: ChartHandle | null) => void;
}

/**
 * A report's bar, line or pie chart, on canvas: made on mount (again when the theme turns dark or light), resized
 * with its box, disposed on unmount. Its own chunk, so echarts loads with the first chart and not before.
 */
export function ReportChart({
  chart,
  presentation,
  result,
  titles,
  height = 360,
  onReady,
}: ReportChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const instance = useRef<ReturnType<typeof init> | null>(null);
  const dark = useSettings((state) => themeSpec(state.themeName).dark);
  const option = useMemo(
    () => chartOption(chart, presentation, result, titles),
    [chart, presentation, result, titles],
  );
  const latest = useRef({ option, onReady });
  latest.current = { option, onReady };

  useEffect(() => {
    const element = box.current;
    if (!element) {
      return;
    }
    const made = init(element, dark ? 'dark' : undefined, { renderer: 'canvas' });
    made.setOption(latest.current.option);
    instance.current = made;
    latest.current.onReady?.({
      toPng: () =>
        made.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: dark ? '#141414' : '#fff' }),
    });
    const observer = new ResizeObserver(() => made.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      latest.current.onReady?.(null);
      made.dispose();
      instance.current = null;
    };
  }, [dark]);

  useEffect(() => {
    // A new presentation replaces the old whole: a value column taken away must not keep its series.
    instance.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} style={{ width: '100%', height }} data-testid="report-chart" />;
}
