import dayjs, { type Dayjs } from 'dayjs';
import { DATE_TIME, inTimeZone } from '../time/timeZone.ts';
import { isMultiple, widgetOf } from './fields.ts';
import type { CrudField } from './types.ts';

/** How a date-only field travels (SPEC: 'YYYY-MM-DD'); it has no time zone to convert. */
export const DATE_ONLY = 'YYYY-MM-DD';

function splitIds(value: unknown): string[] {
  return typeof value === 'string' && value !== '' ? value.split(',') : [];
}

/**
 * A row as the dialog form holds it: id lists as arrays, dates as text in the field's value format (a day as
 * 'YYYY-MM-DD', a time as the tenant's wall clock 'YYYY-MM-DD HH:mm:ss'), the root parent as empty.
 */
export function toFormValues(row: Record<string, unknown>, fields: CrudField[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = row[field.name];
    const widget = widgetOf(field);
    if (isMultiple(field) && widget !== 'input') {
      values[field.name] = splitIds(value);
    } else if (widget === 'date' && field.spec.kind === 'date') {
      // A day is the same day everywhere: read its first ten characters, never shift it to the tenant's zone.
      values[field.name] = value ? String(value).slice(0, 10) : undefined;
    } else if (widget === 'date') {
      values[field.name] = value ? inTimeZone(String(value)).format(DATE_TIME) : undefined;
    } else if (field.spec.kind === 'json' && value !== null && value !== undefined) {
      values[field.name] = JSON.stringify(value, null, 2);
    } else if (field.spec.kind === 'bool' && value !== null && value !== undefined) {
      values[field.name] = String(value);
    } else if (field.name === 'parentId' && (value === '0' || value === 0)) {
      values[field.name] = undefined;
    } else {
      values[field.name] = value ?? undefined;
    }
  }
  return values;
}

/** JSON typed into a text box; text that is not JSON is kept as a JSON string. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isDayjs(value: unknown): value is Dayjs {
  return dayjs.isDayjs(value);
}

/**
 * The submit body: only the form's fields (the server refuses others) plus the id on update. Empty optional values
 * become '' (text, ids, dates) or null (numbers); an empty write-only field is left out on update (unchanged).
 */
export function toSubmitBody(
  values: Record<string, unknown>,
  fields: CrudField[],
  id?: string,
): Record<string, unknown> {
  const body: Record<string, unknown> = id ? { id } : {};
  for (const field of fields) {
    let value = values[field.name];
    if (Array.isArray(value)) {
      value = value.map(String).join(',');
    } else if (isDayjs(value)) {
      value = value.format(field.spec.kind === 'date' ? DATE_ONLY : DATE_TIME);
    }
    const empty = value === undefined || value === null || value === '';
    if (empty && field.spec.writeOnly && id) {
      continue;
    }
    if (empty) {
      if (field.name === 'parentId') {
        body[field.name] = '0';
      } else {
        // Text-like fields are emptied with ''; numbers, switches, dates and JSON with null.
        body[field.name] = ['string', 'text', 'id', 'ids', 'datetime'].includes(field.spec.kind) ? '' : null;
      }
    } else if (field.spec.kind === 'json' && typeof value === 'string') {
      body[field.name] = parseJson(value);
    } else {
      body[field.name] = value;
    }
  }
  return body;
}
