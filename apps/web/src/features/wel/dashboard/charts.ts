import type { DashboardFigures } from '@yuan/contract/dashboard';
import type { ChartOption } from '../../../shared/charts/echarts.ts';

/** The series names, in the screen's language. */
export interface SeriesNames {
  newUsers: string;
  signIns: string;
  calls: string;
  errors: string;
  rows: string;
  transfers: string;
  volume: string;
}

/** Entity tables drawn as bars: the largest ones; the others still count in the total. */
export const TABLES_DRAWN = 12;

export const total = (values: number[]) => values.reduce((sum, v) => sum + v, 0);
export const anyOf = (...series: number[][]) => series.some((values) => values.some((v) => v !== 0));

const grid = { left: 8, right: 16, top: 40, bottom: 8, containLabel: true };

/** New users (bars) and sign-ins (a line) per day. */
export function activityOption(f: DashboardFigures, names: SeriesNames): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: f.days },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: names.newUsers, data: f.users.created, barMaxWidth: 32 },
      { type: 'line', name: names.signIns, data: f.signIns },
    ],
  };
}

/** API calls (bars) and logged errors (a line on its own axis: a handful beside thousands of calls). */
export function apiOption(f: DashboardFigures, names: SeriesNames): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: f.days },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: names.calls, data: f.api.calls, barMaxWidth: 32 },
      { type: 'line', name: names.errors, data: f.api.errors, yAxisIndex: 1 },
    ],
  };
}

/** Rows of the largest entity tables, largest first (the server sends them in that order). */
export function entitiesOption(f: DashboardFigures, names: SeriesNames): ChartOption {
  const tables = f.entities.tables.slice(0, TABLES_DRAWN);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { ...grid, top: 16 },
    xAxis: {
      type: 'category',
      data: tables.map((t) => t.entName || t.entNo),
      axisLabel: { interval: 0, rotate: tables.length > 6 ? 30 : 0 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: names.rows, data: tables.map((t) => t.rows), barMaxWidth: 40 }],
  };
}

/** Transfers per day (bars) and their amount in YBI (a line on its own axis). */
export function walletOption(f: DashboardFigures, names: SeriesNames): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: f.days },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', name: 'YBI', splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: names.transfers, data: f.wallet.transfers, barMaxWidth: 32 },
      {
        type: 'line',
        name: names.volume,
        // Amounts come as exact decimal text; a chart needs them only to the pixel.
        data: f.wallet.volume.map(Number),
        yAxisIndex: 1,
      },
    ],
  };
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** A size in bytes for people: 1 decimal above bytes, units of 1024. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
