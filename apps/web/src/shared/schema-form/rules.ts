import type { FieldSpec, Language, Pair } from '@yuan/contract';
import { DECIMAL, INT_MAX, INT_MIN, STRING_MAX, TEXT_MAX } from '@yuan/contract/field-schema';
import { encodeMessage, renderMessage } from '@yuan/contract/form-messages';
import { patternOf } from '@yuan/contract/lowcode/form-design';
import type { FieldRule, FormField } from '@yuan/contract/lowcode/form-json';
import type { Rule } from 'antd/es/form';
import type { Translate, WidgetDef } from './types.ts';
import { isEmptyValue } from './values.ts';

/**
 * What the rules of one field are built from: the contract's FieldSpec with its label in the caller's language.
 * A form-JSON field becomes one too (`fromFormField`), so both kinds of form are checked by the same code, with the
 * contract's limits and the contract's messages (the ones the server answers with).
 */
export interface RuleField extends Pick<FieldSpec, 'min' | 'max' | 'minLength' | 'pattern' | 'sameAs'> {
  label: string;
  /** The value's kind; `any` checks only presence and pattern (a picked value, a switch, an upload). */
  kind: FieldSpec['kind'] | 'any';
  /** Required, with its own zh/en text, the screen's own text (already in the caller's language) or the generated one. */
  required?: boolean | Pair | string;
  /** A picked value: a missing one says 请选择{label} instead of {label}必须填写. */
  choice?: boolean;
  /** When a value counts as missing, where nothing, blank text and an empty list are not enough. */
  isEmpty?: (value: unknown) => boolean;
}

/** A contract message (`form.required`, `form.tooLong`, …) in the caller's language. */
export function ruleText(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  return renderMessage(lang, encodeMessage(key, params)) ?? key;
}

/** The message of a missing value: the field's own text (SPEC §5), else the generated one. */
export function requiredText(field: RuleField, lang: Language): string {
  if (Array.isArray(field.required)) {
    return field.required[lang === 'en' ? 1 : 0] ?? '';
  }
  if (typeof field.required === 'string') {
    return field.required;
  }
  return ruleText(lang, field.choice ? 'form.choose' : 'form.required', { label: field.label });
}

function reject(message: string): Promise<void> {
  return Promise.reject(new Error(message));
}

/** Every text of a value a pattern is checked against (each item of a list). */
function textsOf(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).map((item) => String(item));
}

function requiredRule(message: string, isEmpty: (value: unknown) => boolean): Rule {
  // A validator rather than antd's typed check: the same rule serves text, numbers, lists, switches and ranges.
  return {
    required: true,
    message,
    validator: (_rule, value: unknown) => (isEmpty(value) ? reject(message) : Promise.resolve()),
  };
}

function patternRule(pattern: string, message: string): Rule {
  const regex = patternOf(pattern);
  return {
    validator: (_rule, value: unknown) =>
      isEmptyValue(value) || textsOf(value).every((text) => regex.test(text))
        ? Promise.resolve()
        : reject(message),
  };
}

function lengthRules(field: RuleField, lang: Language): Rule[] {
  const { label } = field;
  const max = field.max ?? (field.kind === 'text' ? TEXT_MAX : STRING_MAX);
  const tooLong = ruleText(lang, 'form.tooLong', { label, max });
  // Only text has a length: a number a designed input holds is not refused as too long.
  const rules: Rule[] = [
    {
      max,
      message: tooLong,
      validator: (_rule, value: unknown) =>
        typeof value === 'string' && value.length > max ? reject(tooLong) : Promise.resolve(),
    },
  ];
  const min = field.minLength;
  if (min !== undefined && min > 0) {
    const message = ruleText(lang, 'form.length', { label, min, max });
    rules.push({
      validator: (_rule, value: unknown) =>
        typeof value !== 'string' || value === '' || value.length >= min
          ? Promise.resolve()
          : reject(message),
    });
  }
  return rules;
}

/** A decimal is typed as text (no digit lost): the server's shape and bounds, with its messages. */
function decimalRule(field: RuleField, lang: Language): Rule {
  const { label, min, max } = field;
  const range = ruleText(lang, 'form.range', { label, min: min ?? '-∞', max: max ?? '∞' });
  return {
    validator: (_rule, value: unknown) => {
      if (isEmptyValue(value)) {
        return Promise.resolve();
      }
      const typed = String(value).trim();
      if (!DECIMAL.test(typed)) {
        return reject(ruleText(lang, 'form.type', { label }));
      }
      const n = Number(typed);
      const outside = (min !== undefined && n < min) || (max !== undefined && n > max);
      return outside ? reject(range) : Promise.resolve();
    },
  };
}

/** JSON typed into a text box must parse before it is sent. */
function jsonRule(label: string, lang: Language): Rule {
  return {
    validator: (_rule, value: unknown) => {
      if (isEmptyValue(value) || typeof value !== 'string') {
        return Promise.resolve();
      }
      try {
        JSON.parse(value);
        return Promise.resolve();
      } catch {
        return reject(ruleText(lang, 'form.type', { label }));
      }
    },
  };
}

/** A confirmation: the server's text when the value differs from the one it repeats. */
function sameAsRule(other: string, lang: Language): Rule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      value === undefined || value === '' || value === getFieldValue(other)
        ? Promise.resolve()
        : reject(ruleText(lang, 'form.confirm')),
  });
}

/**
 * The antd rules of one field, with the limits and texts of the server's schema (`field-schema.ts`): required,
 * the length of strings, the range of integers and decimals, JSON that parses, a pattern, a confirmation.
 */
export function buildRules(field: RuleField, lang: Language): Rule[] {
  const { label, kind } = field;
  const rules: Rule[] = [];
  if (field.required) {
    rules.push(requiredRule(requiredText(field, lang), field.isEmpty ?? isEmptyValue));
  }
  if (kind === 'string' || kind === 'text') {
    rules.push(...lengthRules(field, lang));
  }
  if (field.pattern !== undefined && field.pattern !== '') {
    const message = ruleText(lang, 'form.pattern', { label });
    // Text is checked by antd itself; a value of another kind may be a list, each of whose items must match.
    rules.push(
      kind === 'string' || kind === 'text'
        ? { pattern: patternOf(field.pattern), message }
        : patternRule(field.pattern, message),
    );
  }
  if (field.sameAs) {
    rules.push(sameAsRule(field.sameAs, lang));
  }
  if (kind === 'int') {
    const min = field.min ?? INT_MIN;
    const max = field.max ?? INT_MAX;
    rules.push({ type: 'integer', min, max, message: ruleText(lang, 'form.range', { label, min, max }) });
  }
  if (kind === 'decimal') {
    rules.push(decimalRule(field, lang));
  }
  if (kind === 'json') {
    rules.push(jsonRule(label, lang));
  }
  return rules;
}

/** Types whose value is typed text, so that a `maxlength` limits its length. */
const TYPED_TEXT: ReadonlySet<string> = new Set(['input', 'textarea', 'password']);

/** A form-JSON field (SPEC §3) as the description the rules are built from. */
export function fromFormField(field: FormField, def: WidgetDef, label: string): RuleField {
  const typed = TYPED_TEXT.has(field.type ?? 'input') && field.maxlength !== undefined && field.maxlength > 0;
  return {
    label,
    kind: typed ? 'text' : 'any',
    max: typed ? field.maxlength : undefined,
    required: field.required,
    choice: def.choice,
    isEmpty: def.isEmpty,
    pattern: field.pattern,
  };
}

/** One of a form-JSON field's own `rules`, in antd terms; a message left out gets the generated one. */
function ownRule(rule: FieldRule, field: RuleField, lang: Language): Rule {
  if (rule.required) {
    return requiredRule(rule.message ?? requiredText(field, lang), field.isEmpty ?? isEmptyValue);
  }
  if (rule.pattern !== undefined) {
    return patternRule(rule.pattern, rule.message ?? ruleText(lang, 'form.pattern', { label: field.label }));
  }
  const { trigger: _trigger, pattern: _pattern, type, ...rest } = rule;
  return { ...rest, type: type as 'string' | undefined } as Rule;
}

/**
 * The rules of a form-JSON field (SPEC §5): those of `buildRules`, then the type's own (a link's format) and the
 * field's `rules`.
 */
export function fieldRules(
  field: FormField,
  def: WidgetDef,
  label: string,
  lang: Language,
  t: Translate,
): Rule[] {
  const described = fromFormField(field, def, label);
  return [
    ...buildRules(described, lang),
    ...(def.rules?.(field, label, t) ?? []),
    ...(field.rules ?? []).map((rule) => ownRule(rule, described, lang)),
  ];
}
