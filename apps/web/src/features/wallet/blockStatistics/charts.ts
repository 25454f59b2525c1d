import type { Issuance } from '@yuan/contract/wallet/wallet';
import type { ChartOption } from '../../../shared/charts/echarts.ts';

/** One territory's issuance per day, aligned on the days of the range that saw any issuance. */
export interface DailySeries {
  days: string[];
  series: { code: string; name: string; values: number[] }[];
}

/** A territory's name for people: its own, else its code, else the text for codes issued without a territory. */
export function territoryName(territory: { code: string; name: string }, none: string): string {
  return territory.name || territory.code || none;
}

/**
 * The daily amounts as one line per territory over the same days (a day without issuance in a territory is 0),
 * territories in the order of their totals; a code that has no total row is still drawn under its code.
 */
export function dailySeries(issuance: Issuance, none: string): DailySeries {
  const days = [...new Set(issuance.daily.map((d) => d.day))].sort();
  const index = new Map(days.map((day, i) => [day, i]));
  const names = new Map(issuance.territories.map((t) => [t.code, territoryName(t, none)]));
  const codes = [...issuance.territories.map((t) => t.code)];
  for (const d of issuance.daily) {
    if (!codes.includes(d.code)) {
      codes.push(d.code);
    }
  }
  const series = codes.map((code) => ({
    code,
    name: names.get(code) ?? (code || none),
    values: days.map(() => 0),
  }));
  const byCode = new Map(series.map((s) => [s.code, s]));
  for (const d of issuance.daily) {
    const line = byCode.get(d.code);
    const at = index.get(d.day);
    if (line && at !== undefined) {
      // Amounts are exact decimal text; a chart only needs them to the pixel.
      line.values[at] = (line.values[at] ?? 0) + Number(d.amount);
    }
  }
  return { days, series: series.filter((s) => s.values.some((v) => v !== 0)) };
}

/** A territory's share of the range's issuance (the server gives it in percent, to two decimals). */
export function sharePercent(share: number): string {
  return `${share.toFixed(2)} %`;
}

/** Bars of each territory's total, labelled with its share. */
export function totalsOption(issuance: Issuance, texts: { total: string; none: string }): ChartOption {
  const rows = issuance.territories;
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value) => `${String(value)} YBI`,
    },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: rows.map((t) => territoryName(t, texts.none)),
      axisLabel: { interval: 0 },
    },
    yAxis: { type: 'value', name: 'YBI' },
    series: [
      {
        type: 'bar',
        name: texts.total,
        barMaxWidth: 48,
        data: rows.map((t) => Number(t.total)),
        label: {
          show: true,
          position: 'top',
          formatter: (p) => sharePercent(rows[p.dataIndex]?.share ?? 0),
        },
      },
    ],
  };
}

/** One line per territory over the days of the range. */
export function dailyOption(daily: DailySeries): ChartOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value) => `${String(value)} YBI` },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: daily.days },
    yAxis: { type: 'value', name: 'YBI' },
    series: daily.series.map((s) => ({
      type: 'line',
      name: s.name,
      data: s.values,
      smooth: true,
      showSymbol: true,
    })),
  };
}
