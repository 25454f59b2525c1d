import { describe, expect, it } from 'vitest';
import { formatValue, parseRunParams } from './runParams.ts';

describe('run parameters', () => {
  it('takes a JSON object, or nothing as no parameters', () => {
    expect(parseRunParams('{"a": 41}')).toEqual({ ok: true, params: { a: 41 } });
    expect(parseRunParams('  ')).toEqual({ ok: true, params: {} });
  });

  it('refuses text that is not JSON, saying why', () => {
    const parsed = parseRunParams('{a: 1}');
    expect(parsed.ok).toBe(false);
    expect(parsed).toMatchObject({ reason: 'json' });
    expect(parsed.ok === false && parsed.reason === 'json' && parsed.detail.length > 0).toBe(true);
  });

  it('refuses JSON that is not an object', () => {
    for (const text of ['[1]', '42', 'null', '"x"']) {
      expect(parseRunParams(text), text).toEqual({ ok: false, reason: 'object' });
    }
  });

  it('shows a value as indented JSON', () => {
    expect(formatValue(42)).toBe('42');
    expect(formatValue('hi')).toBe('"hi"');
    expect(formatValue({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(formatValue(null)).toBe('null');
  });
});
