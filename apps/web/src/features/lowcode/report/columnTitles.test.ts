import { afterEach, describe, expect, it } from 'vitest';
import { addTexts, initI18n } from '../../../shared/i18n/index.ts';
import { columnTitles, fieldLabels, keptLabels } from './columnTitles.ts';

const i18n = initI18n();
afterEach(() => i18n.changeLanguage('zh'));

const table = (id: string, code: string, fields: Record<string, string>) => ({
  id,
  code,
  name: code,
  columns: [
    ...Object.entries(fields).map(([field, name]) => ({ code: field, name })),
    { code: 'id', name: 'id' },
  ],
});
const sale = table('9071', 'sale', { region: '地区', amount: '金额' });
const shop = table('9072', 'shop', { region: '门店地区', title: '店名' });

describe('column labels', () => {
  it('heads a column by its label in the language, else in the other one, else by its name', () => {
    const labels = { a: { zh: '甲', en: 'A' }, b: { en: 'B' }, c: { zh: '  ' } };
    expect(columnTitles(['a', 'b', 'c', 'd'], labels, 'zh')).toEqual({ a: '甲', b: 'B', c: 'c', d: 'd' });
    expect(columnTitles(['a', 'b', 'c', 'd'], labels, 'en')).toEqual({ a: 'A', b: 'B', c: 'c', d: 'd' });
    // A column named like an object's own property is no label.
    expect(columnTitles(['constructor'], {}, 'zh')).toEqual({ constructor: 'constructor' });
  });

  it('saves trimmed labels, without empty ones, and only those of the columns answered', () => {
    const typed = { a: { zh: ' 甲 ', en: '' }, b: { zh: '', en: '' }, gone: { zh: '旧' }, c: undefined };
    expect(keptLabels(typed)).toEqual({ a: { zh: '甲' }, gone: { zh: '旧' } });
    expect(keptLabels(typed, ['a', 'b', 'c'])).toEqual({ a: { zh: '甲' } });
    expect(keptLabels({ b: { zh: ' ' } })).toBeUndefined();
  });

  it('names the columns of fields of the tables the query reads, in the current language', async () => {
    const query = 'SELECT s.region, amount, id, count(*) AS n FROM "sale" s GROUP BY 1, 2, 3';
    expect(fieldLabels(['region', 'amount', 'id', 'n'], query, [sale, shop], {}, 'zh')).toEqual({
      region: { zh: '地区' },
      amount: { zh: '金额' },
    });
    // The tenant's own text of a field wins; English goes to the English label.
    addTexts({}, { 'entityLabel.9071.amount': 'Amount' });
    await i18n.changeLanguage('en');
    expect(fieldLabels(['amount', 'region'], query, [sale], {}, 'en')).toEqual({
      amount: { en: 'Amount' },
      region: { en: '地区' },
    });
  });

  it('names nothing the tables disagree on, and keeps what the designer typed or emptied', () => {
    const both = 'SELECT region, title, amount FROM sale JOIN shop ON true';
    expect(fieldLabels(['region', 'title', 'amount'], both, [sale, shop], {}, 'zh')).toEqual({
      title: { zh: '店名' },
      amount: { zh: '金额' },
    });
    // A table whose code is only part of a word is not read.
    expect(fieldLabels(['region'], 'SELECT region FROM sales', [sale], {}, 'zh')).toEqual({});
    const typed = { region: { zh: '' }, amount: { en: 'Sum' } };
    expect(fieldLabels(['region', 'amount'], 'SELECT * FROM sale', [sale], typed, 'zh')).toEqual({});
  });
});
