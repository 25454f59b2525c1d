import { describe, expect, it } from 'vitest';
import { renderMessage } from '../form-messages.ts';
import {
  changeFieldType,
  loadFormJson,
  newProp,
  patternOf,
  saveFormJson,
  setDictMultiple,
} from './form-design.ts';
import {
  CHOICE_TYPES,
  FIELD_TYPE_NAMES,
  FIELD_TYPES,
  FORM_DEFAULTS,
  fieldDefaults,
  withFieldDefaults,
  withFormDefaults,
} from './form-fields.ts';
import { type FormField, formFieldSchema, formJsonSchema } from './form-json.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  const message = result.error?.issues[0]?.message ?? '';
  return renderMessage('zh', message) ?? message;
}

describe('form JSON types', () => {
  it('lists every SPEC §3 field type once, each with a zh and an en palette name', () => {
    // SPEC §3 names 32 types (group and sub-form included).
    expect(new Set(FIELD_TYPES).size).toBe(32);
    expect(FIELD_TYPES).toContain('ueditor');
    expect(FIELD_TYPES).toContain('entity');
    expect(FIELD_TYPES).toContain('dynamic');
    for (const type of FIELD_TYPES) {
      const [zh, en] = FIELD_TYPE_NAMES[type];
      expect(zh.length, type).toBeGreaterThan(0);
      expect(en.length, type).toBeGreaterThan(0);
    }
    expect(CHOICE_TYPES.has('select')).toBe(true);
    expect(CHOICE_TYPES.has('input')).toBe(false);
  });

  it('has the SPEC §9 form defaults and the SPEC §3 type defaults', () => {
    expect(FORM_DEFAULTS).toMatchObject({
      labelWidth: 120,
      gutter: 0,
      labelSuffix: '：',
      menuPosition: 'center',
      size: 'medium',
      submitText: '提交',
      emptyText: '清空',
    });
    expect(fieldDefaults('upload')).toMatchObject({ showFileList: true, multiple: true, limit: 10 });
    expect(fieldDefaults('rate')).toMatchObject({
      max: 5,
      texts: expect.any(Array),
      colors: expect.any(Array),
    });
    expect(fieldDefaults('slider')).toMatchObject({ min: 0, max: 10 });
    expect(fieldDefaults('dynamic').children).toEqual({
      align: 'center',
      headerAlign: 'center',
      addBtn: true,
      delBtn: true,
      viewBtn: true,
      column: [],
    });
    expect(withFormDefaults({ labelWidth: 90, column: [] }).labelWidth).toBe(90);
    expect(withFieldDefaults({ type: 'select', dicUrl: '/x' }).dicOption).toBe('remote');
    expect(withFieldDefaults({ type: 'select' }).dicOption).toBe('static');
    expect(withFieldDefaults({ type: 'dynamic', children: { addBtn: false } }).children).toMatchObject({
      addBtn: false,
      delBtn: true,
    });
  });
});

describe('form JSON schema', () => {
  it('accepts a designed form and keeps the keys it does not know', () => {
    const parsed = formJsonSchema.parse({
      labelWidth: 120,
      designerVersion: 3,
      column: [
        { type: 'input', prop: 'name', label: '姓名', span: 12, pattern: '^\\w+$', fromOldClient: 'x' },
        {
          type: 'dynamic',
          prop: 'lines',
          children: [{ type: 'number', prop: 'qty', precision: 2 }],
        },
        { type: 'select', prop: 'tone', dicQuery: [{ key: 'a', value: '1' }, { key: 'b' }] },
      ],
    });
    expect(parsed).toMatchObject({ designerVersion: 3 });
    expect(parsed.column[0]).toMatchObject({ fromOldClient: 'x' });
    // Children written as a bare list are read as the sub-form's column.
    expect(parsed.column[1]?.children?.column?.[0]).toMatchObject({ prop: 'qty', precision: 2 });
    expect(parsed.column[2]?.dicQuery).toEqual({ a: '1' });
    expect(formJsonSchema.parse({}).column).toEqual([]);
  });

  it('refuses a pattern that is no regular expression, or one given as an object', () => {
    expect(firstMessage(formFieldSchema.safeParse({ prop: 'a', pattern: '([' }))).toBe('正则表达式无效');
    expect(formFieldSchema.safeParse({ prop: 'a', pattern: {} }).success).toBe(false);
    expect(patternOf('/^ab$/i').test('AB')).toBe(true);
    expect(patternOf('^ab$').test('AB')).toBe(false);
  });

  it('refuses a field type outside the SPEC §3 list, wherever the field sits, naming where', () => {
    const refusal = (json: unknown) => {
      const issue = formJsonSchema.safeParse(json).error?.issues[0];
      return issue && { path: issue.path.join('.'), text: renderMessage('zh', issue.message) };
    };
    expect(refusal({ column: [{ prop: 'a' }, { prop: 'b', type: 'bogus' }] })).toEqual({
      path: 'column.1.type',
      text: '不支持的字段类型：bogus',
    });
    expect(
      refusal({ column: [{ type: 'dynamic', prop: 'd', children: [{ prop: 'x', type: 'checkTree' }] }] }),
    ).toEqual({ path: 'column.0.children.column.0.type', text: '不支持的字段类型：checkTree' });
    expect(refusal({ group: [{ prop: 'g', column: [{ prop: 'x', type: 'Input' }] }] })?.path).toBe(
      'group.0.column.0.type',
    );
    expect(
      renderMessage('en', formFieldSchema.safeParse({ type: 'bogus' }).error?.issues[0]?.message ?? ''),
    ).toBe('Unknown field type: bogus');
  });

  it('accepts every type the palette offers, with the defaults the designer gives it', () => {
    for (const type of FIELD_TYPES) {
      const field = { ...fieldDefaults(type), type, prop: `p_${type}`, label: FIELD_TYPE_NAMES[type][0] };
      const parsed = formJsonSchema.safeParse(saveFormJson({ column: [field] }));
      expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues[0])}`).toBe(true);
    }
    expect(formFieldSchema.safeParse({ prop: 'untyped' }).success).toBe(true);
  });

  it("refuses an invalid rule pattern naming the rule's path", () => {
    const parsed = formJsonSchema.safeParse({
      column: [{ prop: 'a' }, { prop: 'b', rules: [{ pattern: '([', message: 'x' }] }],
    });
    const issue = parsed.error?.issues[0];
    expect(issue?.path.join('.')).toBe('column.1.rules.0.pattern');
    expect(renderMessage('zh', issue?.message ?? '')).toBe('正则表达式无效');
  });

  it('keeps the SPEC §5 numbers', () => {
    const bad: FormField[] = [
      { prop: 'a', type: 'number', precision: 11 },
      { prop: 'a', type: 'upload', filesize: -1 },
      { prop: 'a', type: 'upload', limit: 0 },
      { prop: 'a', type: 'upload', canvasOption: { opacity: 5 } },
      { prop: 'a', type: 'upload', canvasOption: { ratio: 1.5 } },
      { prop: 'a', type: 'textarea', minRows: 0 },
      { prop: 'a', type: 'textarea', maxRows: 1 },
      { prop: 'a', span: 6 },
      { prop: 'a', type: 'slider', min: 5, max: 5 },
      { prop: 'a', type: 'slider', min: 0, max: 10, step: 11 },
      { prop: 'a', type: 'select', multiple: true, limit: 3, dicData: [{ label: 'x', value: 1 }] },
    ];
    for (const field of bad) {
      expect(formFieldSchema.safeParse(field).success, JSON.stringify(field)).toBe(false);
    }
    expect(formJsonSchema.safeParse({ labelWidth: 79, column: [] }).success).toBe(false);
    expect(formJsonSchema.safeParse({ gutter: 65, column: [] }).success).toBe(false);
    expect(formFieldSchema.safeParse({ prop: 'a', type: 'slider', min: 0, max: 10, step: 10 }).success).toBe(
      true,
    );
    expect(formFieldSchema.safeParse({ ...fieldDefaults('upload'), prop: 'a', type: 'upload' }).success).toBe(
      true,
    );
  });
});

describe('designer helpers (SPEC §4)', () => {
  it('a type change takes the new defaults but keeps icon, label, span and prop', () => {
    const changed = changeFieldType(
      { type: 'input', prop: 'p', label: '评分', span: 12, icon: 'star', maxlength: 20 },
      'rate',
    );
    expect(changed).toMatchObject({ type: 'rate', prop: 'p', label: '评分', span: 12, icon: 'star', max: 5 });
    expect(changed).not.toHaveProperty('maxlength');
  });

  it('a dictionary field made multiple defaults to an empty list, and loses it when single again', () => {
    const multiple = setDictMultiple({ type: 'select', prop: 'x' }, true);
    expect(multiple.valueDefault).toEqual([]);
    expect(setDictMultiple(multiple, false)).not.toHaveProperty('valueDefault');
  });

  it('saving keeps one option source, turns groups into the group list and back', () => {
    const saved = saveFormJson({
      column: [
        { type: 'select', prop: 's', dicOption: 'remote', dicUrl: '/x', dicData: [{ label: 'a', value: 1 }] },
        { type: 'radio', prop: 'r', dicOption: 'static', dicUrl: '/x', dicMethod: 'get', dicData: [] },
        {
          type: 'group',
          prop: 'g',
          label: '基本',
          children: {
            column: [{ type: 'select', prop: 'q', dicQuery: [{ key: 'k', value: 'v' }, { value: 'w' }] }],
          },
        },
      ],
    });
    expect(saved.column.map((f) => f.prop)).toEqual(['s', 'r']);
    expect(saved.column[0]).not.toHaveProperty('dicData');
    expect(saved.column[1]).not.toHaveProperty('dicUrl');
    expect(saved.column[1]).not.toHaveProperty('dicMethod');
    expect(saved.group?.[0]).toMatchObject({ prop: 'g', label: '基本', column: [{ dicQuery: { k: 'v' } }] });
    const loaded = loadFormJson(saved);
    expect(loaded.group).toBeUndefined();
    expect(loaded.column[2]).toMatchObject({
      type: 'group',
      prop: 'g',
      children: { column: [{ prop: 'q' }] },
    });
  });

  it('makes a prop from the time and a random number', () => {
    expect(newProp(1_700_000_000_000, 0.5)).toBe('1700000000000_50000');
  });
});
