import { describe, expect, it, vi } from 'vitest';
import type { TextRow } from './api.ts';
import { parseTextFile, planImport, runImport } from './importTexts.ts';

function row(id: string, i18nKey: string, i18nText: string, language = 'en'): TextRow {
  return { id, i18nKey, language, i18nText, i18nModel: 'eth_frontend' };
}

describe('import of a language file', () => {
  it('reads a {key: text} object and refuses anything else', () => {
    expect(parseTextFile('{"a.b": "A", " c ": "C"}')).toEqual({ 'a.b': 'A', c: 'C' });
    expect(parseTextFile('{}')).toEqual({});
    expect(parseTextFile('not json')).toBeNull();
    expect(parseTextFile('["a"]')).toBeNull();
    expect(parseTextFile('"text"')).toBeNull();
    expect(parseTextFile('{"a": 1}')).toBeNull();
    expect(parseTextFile('{"a": {"b": "c"}}')).toBeNull();
  });

  it('creates missing keys, updates changed texts and leaves equal ones', () => {
    const existing = [row('1', 'same', 'Same'), row('2', 'changed', 'Old'), row('3', 'missing', '缺', 'zh')];
    const plan = planImport({ same: 'Same', changed: 'New', missing: 'Missing' }, 'en', existing);
    expect(plan.unchanged).toBe(1);
    expect(plan.update).toEqual([
      { id: '2', values: { i18nKey: 'changed', language: 'en', i18nText: 'New' } },
    ]);
    // A key that exists only in another language is new in this one.
    expect(plan.create).toEqual([{ i18nKey: 'missing', language: 'en', i18nText: 'Missing' }]);
  });

  it('runs the plan with progress and sums up, going on past a refused text', async () => {
    const plan = planImport({ a: 'A', b: 'B', c: 'C2', d: 'D' }, 'ja', [
      row('9', 'c', 'C', 'ja'),
      row('8', 'd', 'D', 'ja'),
    ]);
    const create = vi.fn(async (values: { i18nKey: string }) => {
      if (values.i18nKey === 'b') {
        throw new Error('文本键已存在');
      }
      return values;
    });
    const update = vi.fn(async () => ({}));
    const progress: string[] = [];
    const summary = await runImport(plan, { create, update }, (done, total) =>
      progress.push(`${done}/${total}`),
    );
    expect(create).toHaveBeenCalledTimes(2);
    expect(update).toHaveBeenCalledWith('9', { i18nKey: 'c', language: 'ja', i18nText: 'C2' });
    expect(progress).toEqual(['1/3', '2/3', '3/3']);
    expect(summary).toEqual({
      created: 1,
      updated: 1,
      unchanged: 1,
      failed: [{ key: 'b', message: '文本键已存在' }],
    });
  });
});
