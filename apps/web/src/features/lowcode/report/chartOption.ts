import { REPORT_CHARTS, type ReportView } from '@yuan/contract/develop/report';
import type { SqlResult } from '@yuan/contract/lowcode/sql-edit';
import type { ChartOption } from '../../../shared/charts/echarts.ts';

export type ReportChartKind = (typeof REPORT_CHARTS)[number];
export type DrawnChart = Exclude<ReportChartKind, 'table' | 'kpi'>;

/** How rows are shown once the columns are known: the chart, the category column and the value columns. */
export interface Presentation {
  chart: ReportChartKind;
  x: string;
  y: string[];
}

export const CHARTS: readonly ReportChartKind[] = REPORT_CHARTS;

export function isDrawn(chart: ReportChartKind): chart is DrawnChart {
  return chart === 'bar' || chart === 'line' || chart === 'pie';
}

/** A cell as a number: numbers, and the text PostgreSQL answers for bigint and numeric; otherwise null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null;
  }
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/.test(value)) {
    return Number(value);
  }
  return null;
}

/** A column whose filled cells are all numbers (and at least one is filled). */
function numericColumn(rows: readonly Record<string, unknown>[], column: string): boolean {
  const filled = rows.map((row) => row[column]).filter((value) => value !== null && value !== undefined);
  return filled.length > 0 && filled.every((value) => toNumber(value) !== null);
}

/**
 * The report's presentation over the columns that came back: a category or value column that is not among them is
 * dropped; a missing category is the first column, missing values are the numeric columns after it.
 */
export function presentationOf(
  view: Partial<ReportView> | null | undefined,
  result: SqlResult,
): Presentation {
  const { columns, rows } = result;
  const chart = view?.chart && CHARTS.includes(view.chart) ? view.chart : 'table';
  const x = view?.x && columns.includes(view.x) ? view.x : (columns[0] ?? '');
  const named = (view?.y ?? []).filter((column) => columns.includes(column));
  const y =
    named.length > 0 ? named : columns.filter((column) => column !== x && numericColumn(rows, column));
  return { chart, x, y };
}

/** The KPI: the first value column of the first row (a count or a sum), with its column as the caption. */
export function kpiOf(result: SqlResult, presentation: Presentation): { label: string; value: unknown } {
  const label = presentation.y[0] ?? result.columns[0] ?? '';
  return { label, value: result.rows[0]?.[label] ?? null };
}

function category(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The echarts option of a bar, line or pie chart of the rows; series are named by the columns' titles. */
export function chartOption(
  chart: DrawnChart,
  presentation: Presentation,
  result: SqlResult,
  titles: Readonly<Record<string, string>> = {},
): ChartOption {
  const { x, y } = presentation;
  const { rows } = result;
  const title = (column: string) => titles[column] ?? column;
  if (chart === 'pie') {
    const value = y[0] ?? '';
    return {
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          name: title(value),
          radius: ['35%', '65%'],
          data: rows.map((row) => ({ name: category(row[x]), value: toNumber(row[value]) ?? 0 })),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 16, right: 16, top: 40, bottom: 16, containLabel: true },
    xAxis: { type: 'category', data: rows.map((row) => category(row[x])) },
    yAxis: { type: 'value' },
    series: y.map((column) => ({
      type: chart,
      name: title(column),
      data: rows.map((row) => toNumber(row[column])),
    })),
  };
}
