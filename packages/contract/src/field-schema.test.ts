import { describe, expect, it } from 'vitest';
import { fieldSchema } from './field-schema.ts';
import { renderMessage } from './form-messages.ts';

const message = (schema: ReturnType<typeof fieldSchema>, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? undefined : renderMessage('zh', r.error.issues[0]?.message ?? '');
};

describe('field schemas from plain JSON', () => {
  it('decimals keep their digits and respect bounds', () => {
    const f = fieldSchema('t', 'price', {
      column: 'price',
      kind: 'decimal',
      label: '价格',
      min: 0,
      max: 100,
    });
    expect(f.parse(12.5)).toBe('12.5');
    expect(f.parse('99.1234567891')).toBe('99.1234567891');
    expect(message(f, '1e3')).toBe('价格类型不正确');
    expect(message(f, '101')).toBe('价格必须在0到100之间');
  });

  it('booleans accept true/false and 0/1 only', () => {
    const f = fieldSchema('t', 'vip', { column: 'vip', kind: 'bool', label: '会员', required: true });
    expect(f.parse(1)).toBe(true);
    expect(f.parse('false')).toBe(false);
    expect(message(f, 'yes')).toBe('会员类型不正确');
    expect(message(f, undefined)).toBe('会员必须填写');
  });

  it('dates must be real calendar dates; json keeps any value within its size', () => {
    const d = fieldSchema('t', 'born', { column: 'born', kind: 'date', label: '生日' });
    expect(d.parse('2024-02-29')).toBe('2024-02-29');
    expect(message(d, '2024-02-29 10:00')).toBe('生日类型不正确');
    const j = fieldSchema('t', 'meta', { column: 'meta', kind: 'json', label: '附加' });
    expect(j.parse({ a: [1, 2] })).toEqual({ a: [1, 2] });
    expect(message(j, 'x'.repeat(70_000))).toBe('附加长度不能超过65536个字符');
  });

  it('a pattern is its source text; a length range names both ends', () => {
    const f = fieldSchema('t', 'code', {
      column: 'code',
      kind: 'string',
      label: '编号',
      pattern: '^[A-Z]+$',
      minLength: 2,
      max: 4,
    });
    expect(message(f, 'ab')).toBe('编号格式不匹配');
    expect(message(f, 'A')).toBe('编号长度必须在2到4个字符之间');
    expect(f.parse('')).toBe('');
  });
});
