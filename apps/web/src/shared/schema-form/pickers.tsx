import { DatePicker, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { formatDate, formatsOf, parseDate } from './dates.ts';
import { usePlaceholder, useTexts } from './texts.ts';
import type { WidgetProps } from './types.ts';

type Picker = 'year' | 'month' | 'week' | 'date';

/** What a single date or time picker takes from its field: the shown and stored formats, placeholder, clear. */
function usePickerProps({ field, label, id, value, onChange, disabled, readOnly }: WidgetProps) {
  const placeholder = usePlaceholder(field, label, true);
  const { format, valueFormat } = formatsOf(field);
  return {
    id,
    format,
    value: parseDate(value, valueFormat),
    onChange: (day: Dayjs | null) => onChange?.(formatDate(day, valueFormat)),
    placeholder,
    allowClear: field.clearable ?? true,
    disabled: disabled || readOnly,
    style: { width: '100%' },
  };
}

/**
 * One day, month, year or week, or a date with time: shown in `format`, stored as text in `valueFormat`
 * (or milliseconds for 'timestamp'), both dayjs tokens; Element's tokens are read too.
 */
export function DateWidget({
  picker,
  showTime,
  ...props
}: WidgetProps & { picker: Picker; showTime?: boolean }) {
  return <DatePicker {...usePickerProps(props)} picker={picker} showTime={showTime} />;
}

export function TimeWidget(props: WidgetProps) {
  return <TimePicker {...usePickerProps(props)} />;
}

type Range = [Dayjs | null, Dayjs | null] | null;

/** [start, end], each stored like a single value; cleared, the value is gone. */
function rangeValue(value: unknown, valueFormat: string): [Dayjs | null, Dayjs | null] | null {
  if (!Array.isArray(value) || value.length < 2) {
    return null;
  }
  return [parseDate(value[0], valueFormat), parseDate(value[1], valueFormat)];
}

function rangeOut(range: Range, valueFormat: string): unknown {
  if (!range || (!range[0] && !range[1])) {
    return undefined;
  }
  return [formatDate(range[0], valueFormat), formatDate(range[1], valueFormat)];
}

export function RangeWidget({
  field,
  id,
  value,
  onChange,
  disabled,
  readOnly,
  time,
  showTime,
}: WidgetProps & { time?: boolean; showTime?: boolean }) {
  const t = useTexts();
  const { format, valueFormat } = formatsOf(field);
  const placeholder: [string, string] = [
    field.startPlaceholder ?? t('schemaForm.start'),
    field.endPlaceholder ?? t('schemaForm.end'),
  ];
  const common = {
    id,
    format,
    placeholder,
    allowClear: field.clearable ?? true,
    disabled: disabled || readOnly,
    value: rangeValue(value, valueFormat),
    onChange: (range: Range) => onChange?.(rangeOut(range, valueFormat)),
    style: { width: '100%' },
  };
  return time ? (
    <TimePicker.RangePicker {...common} />
  ) : (
    <DatePicker.RangePicker {...common} showTime={showTime} />
  );
}
