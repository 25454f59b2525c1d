import type { Language } from '@yuan/contract';
import { SCRIPT_LABELS, scriptServiceResource } from '@yuan/contract/flow/script-service';
import { encodeMessage, renderMessage } from '@yuan/contract/form-messages';
import type { Rule } from 'antd/es/form';
import { crudFields } from '../../../shared/crud/fields.ts';
import { ruleFieldOf } from '../../../shared/crud/rules.ts';
import { buildRules } from '../../../shared/schema-form/rules.ts';

/** The fields a person types: the rest of a row is set by the screen. */
export type TypedField = 'name' | 'path';

const fields = crudFields({ resource: scriptServiceResource });
const specOf = (name: TypedField) => scriptServiceResource.fields[name];

/**
 * antd rules of the name and the path, with the server's limits and texts: the definition's own rules, and for a
 * service's path also required (the server asks for it only of a service).
 */
export function serviceRules(lang: Language, field: TypedField, service: boolean): Rule[] {
  const crudField = fields.find((f) => f.name === field);
  if (!crudField) {
    return [];
  }
  const described = ruleFieldOf(crudField, lang);
  return buildRules(field === 'path' && service ? { ...described, required: true } : described, lang);
}

/** A field a refusal of the editor's save can be about. */
export type RefusedField = TypedField | 'cron' | 'timeZone';

/** The text of a refusal's message before its first parameter, in both languages. */
function messageStarts(key: string): string[] {
  const mark = '\u0000';
  return (['zh', 'en'] as const).map(
    (lang) =>
      (renderMessage(lang, encodeMessage(key, { detail: mark, name: mark })) ?? mark).split(mark)[0] ?? '',
  );
}

/** The schedule's refusals name no label; they are told by how their messages start ("定时表达式无效：…"). */
const SCHEDULE_STARTS: [RefusedField, string[]][] = [
  ['cron', messageStarts(SCRIPT_LABELS.cron)],
  ['timeZone', messageStarts(SCRIPT_LABELS.timeZone)],
];

/**
 * The field a server refusal is about, when its text starts with the field's label (the form messages do: "路径已存在",
 * "Path has the wrong format") or with a schedule message; null for any other refusal, which the form shows above
 * its fields.
 */
export function fieldOfMessage(text: string): RefusedField | null {
  for (const field of ['path', 'name'] as const) {
    const label = specOf(field).label;
    const [zh, en] = typeof label === 'string' ? [label, label] : label;
    if (text.startsWith(zh) || text.toLowerCase().startsWith(en.toLowerCase())) {
      return field;
    }
  }
  for (const [field, starts] of SCHEDULE_STARTS) {
    if (starts.some((start) => start !== '' && text.startsWith(start))) {
      return field;
    }
  }
  return null;
}
