import { patternOf } from '@yuan/contract/lowcode/form-design';
import type { FieldRule, FormField } from '@yuan/contract/lowcode/form-json';
import type { Rule } from 'antd/es/form';
import type { Translate, WidgetDef } from './types.ts';
import { isEmptyValue } from './values.ts';

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

/** One of the field's own rules, in antd terms; a required one without a message gets the generated one. */
function ownRule(
  rule: FieldRule,
  generated: { required: string; pattern: string },
  isEmpty: (v: unknown) => boolean,
): Rule {
  if (rule.required) {
    return requiredRule(rule.message ?? generated.required, isEmpty);
  }
  if (rule.pattern !== undefined) {
    return patternRule(rule.pattern, rule.message ?? generated.pattern);
  }
  const { trigger: _trigger, pattern: _pattern, type, ...rest } = rule;
  return { ...rest, type: type as 'string' | undefined } as Rule;
}

/**
 * The rules of one field from its JSON (SPEC §5): required gives '{label}必须填写', or '请选择{label}' for a choice;
 * a pattern gives '{label}格式不匹配'; then the type's own rules and the field's `rules`.
 */
export function fieldRules(field: FormField, def: WidgetDef, label: string, t: Translate): Rule[] {
  const isEmpty = def.isEmpty ?? isEmptyValue;
  const generated = {
    required: t(def.choice ? 'schemaForm.choose' : 'schemaForm.required', { label }),
    pattern: t('schemaForm.pattern', { label }),
  };
  const rules: Rule[] = [];
  if (field.required) {
    rules.push(requiredRule(generated.required, isEmpty));
  }
  if (field.pattern) {
    rules.push(patternRule(field.pattern, generated.pattern));
  }
  rules.push(...(def.rules?.(field, label, t) ?? []));
  for (const rule of field.rules ?? []) {
    rules.push(ownRule(rule, generated, isEmpty));
  }
  return rules;
}
