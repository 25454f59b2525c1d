import type { Language } from '@yuan/contract';
import { INT_MAX, INT_MIN, STRING_MAX, TEXT_MAX } from '@yuan/contract/field-schema';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import type { FormInstance, Rule, RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { buildRules, fieldRules, type RuleField } from './rules.ts';
import type { Translate } from './types.ts';

/** The rule objects, with a rule that reads other fields given a form whose `other` field holds `other`. */
function objects(rules: Rule[], other: unknown = undefined): RuleObject[] {
  const form = { getFieldValue: () => other } as unknown as FormInstance;
  return rules.map((rule) => (typeof rule === 'function' ? rule(form) : rule));
}

/** The first message the rules give a value ('' when it passes), checking limits and patterns as antd does. */
async function check(rules: Rule[], value: unknown, other?: unknown): Promise<string> {
  for (const rule of objects(rules, other)) {
    if (rule.validator) {
      try {
        await rule.validator(rule, value, () => undefined);
      } catch (error) {
        return (error as Error).message;
      }
      continue;
    }
    const text = typeof value === 'string' ? value : undefined;
    const tooLong =
      rule.type === 'string' && rule.max !== undefined && text !== undefined && text.length > rule.max;
    const numeric = typeof value === 'number' ? value : undefined;
    const outside =
      rule.type === 'integer' &&
      numeric !== undefined &&
      (!Number.isInteger(numeric) || numeric < (rule.min ?? -Infinity) || numeric > (rule.max ?? Infinity));
    const mismatch =
      rule.pattern !== undefined && text !== undefined && text !== '' && !rule.pattern.test(text);
    if (tooLong || outside || mismatch) {
      return String(rule.message);
    }
  }
  return '';
}

const name: RuleField = { label: '名称', kind: 'string', required: true };
const both = (lang: Language, field: RuleField) => buildRules(field, lang);

describe('the one rule builder', () => {
  it('says {label}必须填写 for a typed value and 请选择{label} for a picked one, in zh and en', async () => {
    expect(await check(both('zh', name), '  ')).toBe('名称必须填写');
    expect(await check(both('en', { ...name, label: 'Name' }), '')).toBe('Name is required');
    const picked: RuleField = { label: '性别', kind: 'int', required: true, choice: true };
    expect(await check(both('zh', picked), undefined)).toBe('请选择性别');
    expect(await check(both('en', { ...picked, label: 'Sex' }), null)).toBe('Please choose Sex');
    expect(await check(both('zh', picked), 0)).toBe('');
    expect(await check(both('zh', { ...picked, kind: 'ids' }), [])).toBe('请选择性别');
  });

  it("shows the field's own required text in the caller's language", async () => {
    const own: RuleField = { ...name, required: ['请输入名称', 'Please enter the name'] };
    expect(await check(buildRules(own, 'zh'), '')).toBe('请输入名称');
    expect(await check(buildRules(own, 'en'), '')).toBe('Please enter the name');
  });

  it("limits a string and a text to the contract's lengths unless the field says max", async () => {
    const optional: RuleField = { label: '备注', kind: 'string' };
    expect(await check(buildRules(optional, 'zh'), 'x'.repeat(STRING_MAX))).toBe('');
    expect(await check(buildRules(optional, 'zh'), 'x'.repeat(STRING_MAX + 1))).toBe(
      `备注长度不能超过${STRING_MAX}个字符`,
    );
    const text: RuleField = { label: 'Body', kind: 'text' };
    expect(await check(buildRules(text, 'en'), 'x'.repeat(TEXT_MAX + 1))).toBe(
      `Body must be at most ${TEXT_MAX} characters`,
    );
    expect(await check(buildRules({ ...optional, max: 4 }, 'zh'), '12345')).toBe('备注长度不能超过4个字符');
  });

  it('asks a filled string for its least length, and lets an optional one stay empty', async () => {
    const code: RuleField = { label: '编码', kind: 'string', minLength: 3, max: 8 };
    expect(await check(buildRules(code, 'zh'), 'ab')).toBe('编码长度必须在3到8个字符之间');
    expect(await check(buildRules({ ...code, label: 'Code' }, 'en'), 'ab')).toBe(
      'Code must be 3 to 8 characters long',
    );
    expect(await check(buildRules(code, 'zh'), '')).toBe('');
    expect(await check(buildRules(code, 'zh'), 'abc')).toBe('');
  });

  it("bounds an integer by the field's range, else by what the column holds", async () => {
    const sex: RuleField = { label: '性别', kind: 'int', min: -1, max: 2 };
    expect(await check(buildRules(sex, 'zh'), 3)).toBe('性别必须在-1到2之间');
    expect(await check(buildRules({ ...sex, label: 'Sex' }, 'en'), 1.5)).toBe('Sex must be between -1 and 2');
    expect(await check(buildRules(sex, 'zh'), 2)).toBe('');
    const count: RuleField = { label: '数量', kind: 'int' };
    expect(await check(buildRules(count, 'zh'), INT_MAX + 1)).toBe(`数量必须在${INT_MIN}到${INT_MAX}之间`);
  });

  it('checks a decimal typed as text for its shape and its bounds', async () => {
    const price: RuleField = { label: '价格', kind: 'decimal', min: 0, max: 100 };
    expect(await check(buildRules(price, 'zh'), '12.50')).toBe('');
    expect(await check(buildRules(price, 'zh'), '1e3')).toBe('价格类型不正确');
    expect(await check(buildRules(price, 'zh'), '100.01')).toBe('价格必须在0到100之间');
    expect(await check(buildRules({ ...price, label: 'Price' }, 'en'), 'x')).toBe('Price has the wrong type');
  });

  it('checks a pattern on each text of a value, and JSON that must parse', async () => {
    const digits: RuleField = { label: '编号', kind: 'string', pattern: '^\\d+$' };
    expect(await check(buildRules(digits, 'zh'), '12a')).toBe('编号格式不匹配');
    expect(await check(buildRules({ ...digits, label: 'No.' }, 'en'), 'a')).toBe('No. has the wrong format');
    expect(await check(buildRules(digits, 'zh'), '')).toBe('');
    const json: RuleField = { label: '扩展', kind: 'json' };
    expect(await check(buildRules(json, 'zh'), '{"a":')).toBe('扩展类型不正确');
    expect(await check(buildRules(json, 'zh'), '[1, 2]')).toBe('');
  });

  it('refuses a confirmation that differs from the value it repeats', async () => {
    const confirm: RuleField = { label: '确认密码', kind: 'string', sameAs: 'password' };
    expect(await check(buildRules(confirm, 'zh'), 'abc', 'abd')).toBe('两次密码输入不一致');
    expect(await check(buildRules(confirm, 'en'), 'abc', 'abd')).toBe('The two passwords differ');
    expect(await check(buildRules(confirm, 'zh'), 'abc', 'abc')).toBe('');
  });
});

describe('a form-JSON field through the same builder', () => {
  const t: Translate = (key) => key;
  const plain = {};

  it('limits a typed field to its maxlength and leaves a picked one to presence', async () => {
    const field: FormField = { type: 'input', prop: 'a', label: '名称', maxlength: 3, required: true };
    const rules = fieldRules(field, plain, '名称', 'zh', t);
    expect(await check(rules, '')).toBe('名称必须填写');
    expect(await check(rules, 'abcd')).toBe('名称长度不能超过3个字符');
    // A number held by a typed field has no length to refuse.
    expect(await check(rules, 12345)).toBe('');
    const select: FormField = { type: 'select', prop: 'b', label: 'Kind', required: true };
    const picked = fieldRules(select, { choice: true }, 'Kind', 'en', t);
    expect(await check(picked, [])).toBe('Please choose Kind');
    expect(objects(picked)).toHaveLength(1);
  });

  it("adds the field's own rules, a missing message being the generated one", async () => {
    const field: FormField = {
      type: 'input',
      prop: 'c',
      label: 'Code',
      rules: [{ required: true }, { pattern: '^x' }, { pattern: '^xy', message: 'starts with xy' }],
    };
    const rules = fieldRules(field, plain, 'Code', 'en', t);
    expect(await check(rules, '')).toBe('Code is required');
    expect(await check(rules, 'a')).toBe('Code has the wrong format');
    expect(await check(rules, 'xa')).toBe('starts with xy');
  });
});
