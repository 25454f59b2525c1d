import { describe, expect, it } from 'vitest';
import { chartOption, kpiOf, presentationOf } from './chartOption.ts';
import { declarations, formValuesOf, submitBody } from './designerValues.ts';

const result = {
  columns: ['month', 'orders', 'amount', 'note'],
  rows: [
    { month: '2026-01', orders: '3', amount: 12.5, note: 'a' },
    { month: '2026-02', orders: '5', amount: null, note: 'b' },
  ],
  truncated: false,
  elapsedMs: 1,
};

describe('a report presentation', () => {
  it('takes the first column as the category and the numeric ones as values when none are named', () => {
    expect(presentationOf({ chart: 'bar' }, result)).toEqual({
      chart: 'bar',
      x: 'month',
      y: ['orders', 'amount'],
    });
  });

  it('keeps the named columns that came back and drops the others', () => {
    expect(presentationOf({ chart: 'line', x: 'note', y: ['amount', 'gone'] }, result)).toEqual({
      chart: 'line',
      x: 'note',
      y: ['amount'],
    });
    expect(presentationOf(null, result).chart).toBe('table');
  });

  it('draws one series per value column, and a pie of the first value column', () => {
    const bars = chartOption('bar', presentationOf({ chart: 'bar' }, result), result);
    expect(bars.xAxis).toEqual({ type: 'category', data: ['2026-01', '2026-02'] });
    expect(bars.series).toEqual([
      { type: 'bar', name: 'orders', data: [3, 5] },
      { type: 'bar', name: 'amount', data: [12.5, null] },
    ]);
    const pie = chartOption('pie', presentationOf({ chart: 'pie', y: ['orders'] }, result), result);
    expect(pie.series).toMatchObject([
      {
        type: 'pie',
        data: [
          { name: '2026-01', value: 3 },
          { name: '2026-02', value: 5 },
        ],
      },
    ]);
  });

  it("names the series by the columns' titles where given", () => {
    const titles = { orders: '订单数' };
    const bars = chartOption('bar', presentationOf({ chart: 'bar' }, result), result, titles);
    expect((bars.series as { name: string }[]).map((series) => series.name)).toEqual(['订单数', 'amount']);
    const pie = chartOption('pie', presentationOf({ chart: 'pie', y: ['orders'] }, result), result, titles);
    expect(pie.series).toMatchObject([{ name: '订单数' }]);
  });

  it('shows the first value of the first row as the KPI', () => {
    expect(kpiOf(result, presentationOf({ chart: 'kpi', y: ['amount'] }, result))).toEqual({
      label: 'amount',
      value: 12.5,
    });
  });
});

describe('the designer values', () => {
  it('declares the complete parameter lines in order, a number default as a number', () => {
    expect(
      declarations([
        { name: 'from', label: '开始', type: 'date', required: true, defaultValue: '2026-01-01' },
        { name: 'min', label: '最少', type: 'number', defaultValue: '10' },
        { name: '', label: '未完成' },
      ]),
    ).toEqual([
      { name: 'from', label: '开始', type: 'date', required: true, defaultValue: '2026-01-01' },
      { name: 'min', label: '最少', type: 'number', defaultValue: 10 },
    ]);
  });

  it('reads a stored report back into the same body it was saved from', () => {
    const stored = {
      id: '9',
      name: '月度',
      querySql: 'SELECT 1 WHERE $1 > 0',
      params: [{ name: 'min', label: '最少', type: 'number', defaultValue: 10 }],
      view: { chart: 'line', x: 'month', y: ['orders'] },
      cacheSeconds: 60,
      roleIds: '3,4',
      remark: '',
    };
    expect(submitBody(formValuesOf(stored), '9')).toEqual(stored);
    expect(formValuesOf(stored).roleIds).toEqual(['3', '4']);
    const labelled = { ...stored, view: { ...stored.view, labels: { month: { zh: '月份', en: 'Month' } } } };
    expect(submitBody(formValuesOf(labelled), '9')).toEqual(labelled);
  });
});
