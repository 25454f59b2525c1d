import { useEffect, useRef } from 'react';
import { useSettings } from '../../stores/settings.ts';
import { themeSpec } from '../theme/themes.ts';
import { type ChartOption, init } from './echarts.ts';

/**
 * One echarts chart drawn into a div: created on mount (again when the theme turns dark or light), resized with
 * its box (the side menu folding changes the width without a window resize), disposed on unmount.
 */
export function EChart({
  option,
  height = 320,
  testId,
}: {
  option: ChartOption;
  height?: number;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  const dark = useSettings((state) => themeSpec(state.themeName).dark);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    const element = box.current;
    if (!element) {
      return;
    }
    const instance = init(element, dark ? 'dark' : undefined, { renderer: 'canvas' });
    instance.setOption(latest.current);
    chart.current = instance;
    const resize = () => instance.resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    if (observer) {
      observer.observe(element);
    } else {
      window.addEventListener('resize', resize);
    }
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    // A new option replaces the old one whole: a series gone from the new data must not stay behind.
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
}
