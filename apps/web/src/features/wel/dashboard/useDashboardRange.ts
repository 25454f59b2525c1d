import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS } from '@yuan/contract/dashboard';
import type { Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { inTimeZone, useTimeZone } from '../../../shared/time/timeZone.ts';

export type DayRange = [Dayjs, Dayjs];

const DAY = 'YYYY-MM-DD';

/** Today in the tenant's zone: the server counts the tenant's days, so "today" is the tenant's too. */
export function tenantToday(zone: string): Dayjs {
  return inTimeZone(Date.now(), zone).startOf('day');
}

/** The last `days` days, today included. */
export function lastDays(zone: string, days: number): DayRange {
  const today = tenantToday(zone);
  return [today.subtract(days - 1, 'day'), today];
}

/** A day the picker refuses once one end is chosen: it would make the range longer than the server counts. */
export function tooFar(current: Dayjs, from: Dayjs | undefined): boolean {
  return (
    from !== undefined &&
    Math.abs(current.startOf('day').diff(from.startOf('day'), 'day')) >= DASHBOARD_MAX_DAYS
  );
}

export interface DashboardRange {
  range: DayRange;
  from: string;
  to: string;
  setRange: (next: DayRange) => void;
}

/** The chosen dates, first the last 7 days of the tenant's zone. */
export function useDashboardRange(): DashboardRange {
  const zone = useTimeZone((state) => state.zone);
  const [range, setState] = useState<DayRange>(() => lastDays(zone, DASHBOARD_DEFAULT_DAYS));
  const setRange = useCallback((next: DayRange) => setState(next), []);
  return { range, from: range[0].format(DAY), to: range[1].format(DAY), setRange };
}
