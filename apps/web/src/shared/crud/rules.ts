import type { Language } from '@yuan/contract';
import type { Rule } from 'antd/es/form';
import { buildRules, type RuleField, requiredText } from '../schema-form/rules.ts';
import { isChoice, pick, widgetOf } from './fields.ts';
import type { CrudField } from './types.ts';

/**
 * A definition field as the rule builder reads it: the label in the caller's language, a picked value when the
 * screen draws a choice, and `requiredOnAdd` fields required in the add dialog only.
 */
export function ruleFieldOf(
  field: CrudField,
  lang: Language,
  mode: 'add' | 'edit' | 'view' = 'add',
): RuleField {
  const { spec, options } = field;
  const requiredHere = options.requiredOnAdd === true && mode === 'add';
  return {
    label: pick(spec.label, lang),
    kind: spec.kind,
    required: spec.required ?? requiredHere,
    choice: isChoice(widgetOf(field)),
    min: spec.min,
    max: spec.max,
    minLength: spec.minLength,
    pattern: spec.pattern,
    sameAs: spec.sameAs,
  };
}

/** The message of a missing value: the definition's own text (SPEC §5), else the generated one. */
export function requiredMessage(field: CrudField, lang: Language): string {
  return requiredText(ruleFieldOf(field, lang), lang);
}

/** antd rules of one field, with the same limits and texts as the server's schema. */
export function rulesFor(field: CrudField, lang: Language, mode: 'add' | 'edit' | 'view' = 'add'): Rule[] {
  return buildRules(ruleFieldOf(field, lang, mode), lang);
}
