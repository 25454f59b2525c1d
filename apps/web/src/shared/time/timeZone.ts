import { DEFAULT_TIME_ZONE, TIME_ZONE_PATH, type TimeZoneDetail, timeZoneOffset } from '@yuan/contract';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { create } from 'zustand';
import { call } from '../api/http.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** The tenant's time zone: times are shown in it and typed wall-clock values mean it (the server reads them so). */
export const useTimeZone = create<{ zone: string }>()(() => ({ zone: DEFAULT_TIME_ZONE }));

export function setTimeZone(zone: string): void {
  useTimeZone.setState({ zone });
}

/** An instant from the server (ISO with an offset) in the tenant's zone. */
export function inTimeZone(value: string | number | Date, zone = useTimeZone.getState().zone): Dayjs {
  return dayjs(value).tz(zone);
}

export function formatDateTime(value: string | number | Date, zone = useTimeZone.getState().zone): string {
  const instant = dayjs(value);
  return instant.isValid() ? instant.tz(zone).format(DATE_TIME) : String(value);
}

export function fetchTimeZone(): Promise<TimeZoneDetail> {
  return call<TimeZoneDetail>(`${TIME_ZONE_PATH}/detail`, { guard: false });
}

/** Loads the tenant's zone once per session; a failure keeps the default zone. */
export async function loadTimeZone(): Promise<void> {
  try {
    setTimeZone((await fetchTimeZone()).timeZone);
  } catch {
    setTimeZone(DEFAULT_TIME_ZONE);
  }
}

export interface ZoneOption {
  value: string;
  label: string;
  offset: string;
}

/** Case-insensitive match on the label, so "shanghai", "+08" and "UTC-05" all find zones. */
export function matchesZone(input: string, label: string): boolean {
  return label.toLowerCase().includes(input.trim().toLowerCase());
}

/** Every zone this browser knows, labelled "(UTC+08:00) Asia/Shanghai" and ordered by offset, then name. */
export function zoneOptions(at = new Date()): ZoneOption[] {
  const names = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])];
  const minutes = (offset: string) => {
    const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  };
  return names
    .map((value) => {
      const offset = timeZoneOffset(value, at);
      return { value, offset, label: `(UTC${offset}) ${value}` };
    })
    .sort((a, b) => minutes(a.offset) - minutes(b.offset) || a.value.localeCompare(b.value));
}
