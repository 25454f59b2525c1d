import type { Language } from '@yuan/contract';
import { encodeMessage, renderMessage } from '@yuan/contract/form-messages';
import type { Element } from '@yuan/contract/lowcode/entity';
import type { FieldRule, FormField } from '@yuan/contract/lowcode/form-json';

/** The entity field as the property select lists it. */
export type EntityField = Pick<Element, 'eleNo' | 'eleName' | 'verifyJson'> & Partial<Element>;

const CHOICE_WITH_DICT = new Set(['select', 'radio', 'checkbox']);

/**
 * SPEC §4 choosing an entity field: its code becomes the prop, its name the label, and its verification config
 * the required flag and the length or number bounds (bounds of a previous binding are dropped).
 */
export function bindEntityField(field: FormField, element: EntityField, lang: Language): FormField {
  const { maxlength: _maxlength, min: _min, max: _max, rules, ...rest } = field;
  const verify = element.verifyJson ?? {};
  const label = element.eleName;
  const out: FormField = { ...rest, prop: element.eleNo, label, required: verify.required === true };
  const kept = (rules ?? []).filter((rule) => rule.min === undefined && rule.max === undefined);
  const length = verify.stringRange;
  if (length) {
    out.maxlength = length[1];
    if (length[0] > 0) {
      const message = renderMessage(
        lang,
        encodeMessage('form.length', { label, min: length[0], max: length[1] }),
      );
      kept.push({ min: length[0], max: length[1], message } satisfies FieldRule);
    }
  }
  const between = verify.numberBetween;
  if (between) {
    out.min = between[0];
    out.max = between[1];
  }
  if (kept.length > 0) {
    out.rules = kept;
  }
  if (element.dictCode && CHOICE_WITH_DICT.has(field.type ?? '')) {
    out.dicSource = `dict:${element.dictCode}`;
  }
  return out;
}
