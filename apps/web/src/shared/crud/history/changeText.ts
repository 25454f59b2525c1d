import type { Language } from '@yuan/contract';
import type { RevisionAction, RevisionChange } from '@yuan/contract/revision';
import { cellText, type Lookups } from '../columns.tsx';
import { pick } from '../fields.ts';
import type { CrudField } from '../types.ts';

/** An action's colour, the same on its tag and its dot in the timeline. */
export const ACTION_COLORS: Record<RevisionAction, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
};

/** What an empty value shows, as a dash rather than a blank cell that reads like a rendering fault. */
export const NO_VALUE = '-';

/** A secret field's change: the server names the field and keeps its values to itself. */
export function isHidden(change: RevisionChange): boolean {
  return !('before' in change) && !('after' in change);
}

/** The field's label in the caller's language; a field the screen no longer declares keeps its name. */
export function fieldLabel(field: CrudField | undefined, name: string, lang: Language): string {
  return field ? pick(field.spec.label, lang) : name;
}

/**
 * A value as the table's cell shows it (choice labels, referenced rows' names, date-times in the tenant's zone);
 * objects and lists as compact JSON, whatever the field says, since a revision keeps JSON as itself.
 */
export function valueText(
  field: CrudField | undefined,
  value: unknown,
  lang: Language,
  lookups: Lookups,
): string {
  if (value === null || value === undefined || value === '') {
    return NO_VALUE;
  }
  if (typeof value === 'object') {
    return JSON.stringify(value);
  }
  if (!field) {
    return String(value);
  }
  return cellText(field, value, lang, lookups) || NO_VALUE;
}
