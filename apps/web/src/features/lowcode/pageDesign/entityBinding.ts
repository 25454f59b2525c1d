import type { Language } from '@yuan/contract';
import { encodeMessage, renderMessage } from '@yuan/contract/form-messages';
import type { DataType, Element } from '@yuan/contract/lowcode/entity';
import type { FieldType } from '@yuan/contract/lowcode/form-fields';
import type { FieldRule, FormField } from '@yuan/contract/lowcode/form-json';
import { newField } from './designState.ts';

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

/** The widget that fits an entity field's data type (SPEC §3 data types). */
const WIDGET_OF: Record<DataType, FieldType> = {
  string: 'input',
  text: 'textarea',
  int: 'number',
  decimal: 'number',
  bool: 'switch',
  date: 'date',
  datetime: 'datetime',
  json: 'textarea',
};

/** A reference picks among the referenced rows, a dictionary field among its keys, any other by its data type. */
export function widgetTypeOf(element: EntityField): FieldType {
  if (element.refEntId) {
    return 'entity';
  }
  if (element.dictCode) {
    return 'select';
  }
  return (element.dataTyp && WIDGET_OF[element.dataTyp]) || 'input';
}

/**
 * The widget an entity field dropped from the palette becomes: its type's defaults, already bound to the field as
 * choosing it in the properties would bind it. `entId` is the form's entity, whose reference rows a selector lists.
 */
export function entityWidget(element: EntityField, entId: string, lang: Language): FormField {
  const type = widgetTypeOf(element);
  const field = bindEntityField(newField(type, element.eleNo, element.eleName), element, lang);
  if (type === 'entity') {
    field.entId = entId;
  }
  if (element.dataTyp === 'int') {
    field.precision = 0;
  }
  return field;
}

/**
 * The fields of a form whose value lands on no field of the entity: a group only lays out its children, a
 * sub-form's columns are the rows of its own value, so neither is looked into past itself.
 */
export function unboundFields(
  column: readonly FormField[],
  entityFields: readonly EntityField[],
): FormField[] {
  const codes = new Set(entityFields.map((element) => element.eleNo));
  return column.flatMap((field) => {
    if (field.type === 'group') {
      return unboundFields(field.children?.column ?? [], entityFields);
    }
    return codes.has(field.prop ?? '') ? [] : [field];
  });
}
