import type { Issuance } from '@yuan/contract/wallet/wallet';
import { describe, expect, it } from 'vitest';
import { dailySeries, sharePercent, territoryName } from './charts.ts';

const issuance: Issuance = {
  territories: [
    { code: '110000', name: '北京市', total: '30', share: 75 },
    { code: '', name: '', total: '10', share: 25 },
  ],
  daily: [
    { day: '2025-01-03', code: '110000', amount: '20' },
    { day: '2025-01-01', code: '110000', amount: '10' },
    { day: '2025-01-01', code: '', amount: '4' },
    { day: '2025-01-02', code: '', amount: '6' },
    { day: '2025-01-02', code: '320000', amount: '1.5' },
  ],
  blocks: [],
};

describe('issuance per day', () => {
  it('draws one line per territory over the same sorted days, 0 where nothing was issued', () => {
    expect(dailySeries(issuance, '无')).toEqual({
      days: ['2025-01-01', '2025-01-02', '2025-01-03'],
      series: [
        { code: '110000', name: '北京市', values: [10, 0, 20] },
        { code: '', name: '无', values: [4, 6, 0] },
        { code: '320000', name: '320000', values: [0, 1.5, 0] },
      ],
    });
  });

  it('is empty when nothing was issued', () => {
    expect(dailySeries({ territories: [], daily: [], blocks: [] }, '-')).toEqual({ days: [], series: [] });
  });
});

describe('territory labels', () => {
  it('name a territory, else its code, else the text for no territory', () => {
    expect(territoryName({ code: '1', name: 'A' }, '-')).toBe('A');
    expect(territoryName({ code: '1', name: '' }, '-')).toBe('1');
    expect(territoryName({ code: '', name: '' }, '-')).toBe('-');
  });

  it('write the share as a percent', () => {
    expect(sharePercent(75.5)).toBe('75.50 %');
    expect(sharePercent(0)).toBe('0.00 %');
  });
});
