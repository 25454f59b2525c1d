import { z } from 'zod';
import { encodeMessage, registerMessage } from '../form-messages.ts';

/** The tenant parameter that holds the tenant's time zone (an IANA name). */
export const TIME_ZONE_PARAM = 'tenant.timeZone';
/** The origin system serves GMT+8; a tenant that has not chosen a zone keeps it. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
export const TIME_ZONE_PATH = '/api/yuan-system/time-zone';

const TIME_ZONE_INVALID = registerMessage('timeZone.invalid', [
  '请选择有效的时区',
  'Please choose a valid time zone',
]);

let known: Set<string> | undefined;

/** IANA zone names this runtime knows (its canonical list plus UTC), the only names accepted. */
export function isTimeZone(name: string): boolean {
  known ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return known.has(name);
}

/** The zone's offset from UTC at `at`, as "+08:00". */
export function timeZoneOffset(zone: string, at = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((item) => item.type === 'timeZoneName')?.value;
  const offset = part?.replace('GMT', '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

export const timeZoneName = z
  .string({ error: encodeMessage(TIME_ZONE_INVALID) })
  .max(64, { error: encodeMessage(TIME_ZONE_INVALID) })
  .refine(isTimeZone, { error: encodeMessage(TIME_ZONE_INVALID) });

export const timeZoneBody = z.strictObject({ timeZone: timeZoneName });

/** What `time-zone/detail` answers: the tenant's zone, its offset now, and the server's clock. */
export const timeZoneDetail = z.object({
  timeZone: z.string(),
  offset: z.string(),
  serverTime: z.string(),
  custom: z.boolean(),
});
export type TimeZoneDetail = z.infer<typeof timeZoneDetail>;
