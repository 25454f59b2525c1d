import type { Language } from '@yuan/contract';
import { renderMessage } from '@yuan/contract/form-messages';
import { loadFormJson } from '@yuan/contract/lowcode/form-design';
import { type FormJson, formJsonSchema } from '@yuan/contract/lowcode/form-json';
import type { ZodError } from 'zod';
import type { PageRow } from './designApi.ts';

/** The first problem of a schema check in the interface language, after where it is. */
export function issueText(error: ZodError, lang: Language): string {
  const issue = error.issues[0];
  if (!issue) {
    return '';
  }
  // Named by where it is: fields nest (groups, sub-forms, rules), and a rule's text does not say which.
  const text = renderMessage(lang, issue.message) ?? issue.message;
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${text}` : text;
}

export type ImportResult = { json: FormJson } | { error: string };

/**
 * An imported or stored text as the designer's form JSON: checked by the contract schema (its SPEC §5 messages),
 * then group sections turned back into group fields. `notJson` is the message of a text that does not parse.
 */
export function readFormJson(text: string | unknown, lang: Language, notJson: string): ImportResult {
  let value: unknown = text;
  if (typeof text === 'string') {
    try {
      value = JSON.parse(text);
    } catch {
      return { error: notJson };
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { error: notJson };
  }
  const parsed = formJsonSchema.safeParse(value);
  return parsed.success ? { json: loadFormJson(parsed.data) } : { error: issueText(parsed.error, lang) };
}

/** The stored JSON as the designer edits it: text parsed, group sections back as group fields (SPEC §4). */
export function storedFormJson(stored: PageRow['formJson']): FormJson {
  let value: unknown = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      value = null;
    }
  }
  const json =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as FormJson) : null;
  return loadFormJson({ ...json, column: Array.isArray(json?.column) ? json.column : [] });
}
