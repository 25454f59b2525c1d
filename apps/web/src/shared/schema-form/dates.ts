import { DATE_FORMATS } from '@yuan/contract/lowcode/form-fields';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import dayjs, { type Dayjs } from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import weekOfYear from 'dayjs/plugin/weekOfYear';

dayjs.extend(customParseFormat);
dayjs.extend(advancedFormat);
dayjs.extend(weekOfYear);

/** A stored value in milliseconds rather than text (Element's valueFormat 'timestamp'). */
const TIMESTAMP = 'timestamp';

/**
 * Older designer JSON writes Element's tokens ('yyyy-MM-dd', week 'WW'); dayjs reads 'YYYY-MM-DD', 'ww'. A format
 * with a lower-case year is taken as Element's.
 */
export function dayjsFormat(format: string): string {
  if (!format.includes('yy')) {
    return format;
  }
  return format.replace(/y/g, 'Y').replace(/d/g, 'D').replace(/W/g, 'w');
}

export interface DateFormats {
  format: string;
  valueFormat: string;
}

/** The display and stored formats of a date/time field: its own, else its type's. */
export function formatsOf(field: FormField): DateFormats {
  const fallback = DATE_FORMATS[field.type ?? 'date'] ?? DATE_FORMATS.date;
  return {
    format: dayjsFormat(field.format ?? fallback?.format ?? 'YYYY-MM-DD'),
    valueFormat:
      field.valueFormat === TIMESTAMP
        ? TIMESTAMP
        : dayjsFormat(field.valueFormat ?? fallback?.valueFormat ?? 'YYYY-MM-DD'),
  };
}

/** A stored value as the picker holds it; what does not parse is no value. */
export function parseDate(value: unknown, valueFormat: string): Dayjs | null {
  if (value === undefined || value === null || value === '') {
    return null;
  }
  if (dayjs.isDayjs(value)) {
    return value;
  }
  if (typeof value === 'number') {
    return dayjs(value);
  }
  const text = String(value);
  const strict = valueFormat === TIMESTAMP ? dayjs(Number(text)) : dayjs(text, valueFormat, true);
  if (strict.isValid()) {
    return strict;
  }
  const loose = dayjs(text);
  return loose.isValid() ? loose : null;
}

/** A picked day as the field stores it. */
export function formatDate(day: Dayjs | null | undefined, valueFormat: string): string | number | undefined {
  if (!day) {
    return undefined;
  }
  return valueFormat === TIMESTAMP ? day.valueOf() : day.format(valueFormat);
}
