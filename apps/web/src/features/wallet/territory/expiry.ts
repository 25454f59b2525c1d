import dayjs, { type Dayjs } from 'dayjs';
import { DATE_TIME } from '../../../shared/time/timeZone.ts';

/**
 * The expiry picked as a wall-clock time meant in the tenant's zone (as every typed time is), written as the
 * server wants it: ISO 8601 with that zone's offset, whatever the browser's own zone.
 */
export function expiryIso(picked: Dayjs, zone: string): string {
  // The offset spelled out: a bare format() of a UTC time gives "Z" or "+00:00" depending on which dayjs plugins
  // were added in which order.
  return dayjs.tz(picked.format(DATE_TIME), DATE_TIME, zone).format('YYYY-MM-DDTHH:mm:ssZ');
}
