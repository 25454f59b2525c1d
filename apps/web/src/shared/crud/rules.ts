import type { Language } from '@yuan/contract';
import { DECIMAL } from '@yuan/contract/field-schema';
import { encodeMessage, renderMessage } from '@yuan/contract/form-messages';
import { patternOf } from '@yuan/contract/lowcode/form-design';
import type { Rule } from 'antd/es/form';
import { isChoice, isMultiple, pick, widgetOf } from './fields.ts';
import type { CrudField } from './types.ts';

const STRING_MAX = 255;
const TEXT_MAX = 20_000;

function text(lang: Language, key: string, params: Record<string, string | number>): string {
  return renderMessage(lang, encodeMessage(key, params)) ?? key;
}

/** The message of a missing value: the definition's own text (SPEC §5), else the generated one. */
export function requiredMessage(field: CrudField, lang: Language): string {
  const label = pick(field.spec.label, lang);
  const { required } = field.spec;
  if (Array.isArray(required)) {
    return pick(required as readonly [string, string], lang);
  }
  return text(lang, isChoice(widgetOf(field)) ? 'form.choose' : 'form.required', { label });
}

/**
 * The type of the form value (antd checks it with the required rule; a missing type means string). Dates are text
 * in their value format, as the form renderer's date fields hold them.
 */
export function valueType(field: CrudField): 'string' | 'number' | 'array' {
  const widget = widgetOf(field);
  if (field.spec.kind === 'int') {
    return 'number';
  }
  if (isMultiple(field) && widget !== 'input' && widget !== 'textarea') {
    return 'array';
  }
  return 'string';
}

/**
 * antd rules of one field, with the same limits and texts as the server's schema: required, length of strings,
 * range of integers. `mode` makes `requiredOnAdd` fields required in the add dialog only.
 */
export function rulesFor(field: CrudField, lang: Language, mode: 'add' | 'edit' | 'view' = 'add'): Rule[] {
  const { spec, options } = field;
  const label = pick(spec.label, lang);
  const rules: Rule[] = [];
  const required = Boolean(spec.required) || (options.requiredOnAdd === true && mode === 'add');
  if (required) {
    const textual = spec.kind === 'string' || spec.kind === 'text';
    rules.push({
      required: true,
      type: valueType(field),
      whitespace: textual,
      message: requiredMessage(field, lang),
    });
  }
  if (spec.kind === 'string' || spec.kind === 'text') {
    const max = spec.max ?? (spec.kind === 'text' ? TEXT_MAX : STRING_MAX);
    rules.push({ type: 'string', max, message: text(lang, 'form.tooLong', { label, max }) });
    if (spec.pattern) {
      // The definition's format, checked here as the server checks it, with the server's text.
      rules.push({ pattern: patternOf(spec.pattern), message: text(lang, 'form.pattern', { label }) });
    }
  }
  if (spec.sameAs) {
    const other = spec.sameAs;
    // A confirmation: the same text as the server's schema when the two values differ.
    rules.push(({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        value === undefined || value === '' || value === getFieldValue(other)
          ? Promise.resolve()
          : Promise.reject(new Error(text(lang, 'form.confirm', {}))),
    }));
  }
  if (spec.kind === 'int') {
    const min = spec.min ?? -2_147_483_648;
    const max = spec.max ?? 2_147_483_647;
    rules.push({ type: 'integer', min, max, message: text(lang, 'form.range', { label, min, max }) });
  }
  if (spec.kind === 'decimal') {
    rules.push(...decimalRules(field, lang));
  }
  if (spec.kind === 'json') {
    rules.push({
      validator: (_rule, value: unknown) => checkJson(value, text(lang, 'form.type', { label })),
    });
  }
  return rules;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A decimal is typed as text (no digit lost): the server's shape and bounds, with its messages. */
function decimalRules(field: CrudField, lang: Language): Rule[] {
  const { spec } = field;
  const label = pick(spec.label, lang);
  const range = text(lang, 'form.range', { label, min: spec.min ?? '-∞', max: spec.max ?? '∞' });
  return [
    {
      validator: (_rule, value: unknown) => {
        if (isBlank(value)) {
          return Promise.resolve();
        }
        const typed = String(value).trim();
        if (!DECIMAL.test(typed)) {
          return Promise.reject(new Error(text(lang, 'form.type', { label })));
        }
        const n = Number(typed);
        const outside = (spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max);
        return outside ? Promise.reject(new Error(range)) : Promise.resolve();
      },
    },
  ];
}

/** JSON typed into a text box must parse before it is sent. */
function checkJson(value: unknown, message: string): Promise<void> {
  if (isBlank(value) || typeof value !== 'string') {
    return Promise.resolve();
  }
  try {
    JSON.parse(value);
    return Promise.resolve();
  } catch {
    return Promise.reject(new Error(message));
  }
}
