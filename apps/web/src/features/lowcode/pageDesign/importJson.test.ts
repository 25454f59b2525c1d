import { describe, expect, it } from 'vitest';
import { readFormJson, storedFormJson } from './importJson.ts';

describe('readFormJson', () => {
  it('refuses text that is not JSON with the given message', () => {
    expect(readFormJson('{oops', 'zh', 'bad')).toEqual({ error: 'bad' });
    expect(readFormJson('[1]', 'zh', 'bad')).toEqual({ error: 'bad' });
  });

  it("refuses a JSON the contract schema refuses, with the schema's message after where it is", () => {
    const text = JSON.stringify({ column: [{ type: 'textarea', prop: 'a', minRows: 5, maxRows: 3 }] });
    expect(readFormJson(text, 'zh', 'bad')).toEqual({ error: 'column.0.maxRows: 最小行数不能大于最大行数' });
    expect(readFormJson(text, 'en', 'bad')).toEqual({
      error: 'column.0.maxRows: Min rows may not exceed max rows',
    });
    const rules = JSON.stringify({ column: [{ prop: 'a' }, { prop: 'b', rules: [{ pattern: '([' }] }] });
    expect(readFormJson(rules, 'zh', 'bad')).toEqual({ error: 'column.1.rules.0.pattern: 正则表达式无效' });
    const typed = JSON.stringify({ column: [{ prop: 'a' }, { prop: 'b', type: 'bogus' }] });
    expect(readFormJson(typed, 'zh', 'bad')).toEqual({ error: 'column.1.type: 不支持的字段类型：bogus' });
  });

  it('turns group sections back into group fields', () => {
    const text = JSON.stringify({
      column: [{ prop: 'a' }],
      group: [{ prop: 'g', label: 'G', column: [{ prop: 'b' }] }],
    });
    const result = readFormJson(text, 'zh', 'bad');
    expect(result).toEqual({
      json: {
        column: [
          { prop: 'a' },
          { prop: 'g', label: 'G', type: 'group', children: { column: [{ prop: 'b' }] } },
        ],
      },
    });
  });
});

describe('storedFormJson', () => {
  it('reads text or objects, and an empty row as an empty form', () => {
    expect(storedFormJson(null)).toEqual({ column: [] });
    expect(storedFormJson('not json')).toEqual({ column: [] });
    expect(storedFormJson('{"gutter":5,"column":[{"prop":"a"}]}')).toEqual({
      gutter: 5,
      column: [{ prop: 'a' }],
    });
  });
});
