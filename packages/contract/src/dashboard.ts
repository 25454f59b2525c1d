import { z } from 'zod';
import { encodeMessage, registerMessage } from './form-messages.ts';

/** The dashboard's call (SPEC §2 /wel/dashboard, menu code `dashboard`). */
export const DASHBOARD_PATH = '/api/yuan-api/dashboard';
/** The longest range the dashboard counts, in days (a leap year, both ends included). */
export const DASHBOARD_MAX_DAYS = 366;
/** The range shown first: the last 7 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 7;
/** Entity tables whose rows are counted (the newest first); the others are only counted as entities. */
export const DASHBOARD_MAX_TABLES = 50;

export const DASHBOARD_MESSAGES = {
  date: registerMessage('dashboard.date', [
    '日期应为 YYYY-MM-DD 格式的有效日期',
    'A date must be a valid day written YYYY-MM-DD',
  ]),
  order: registerMessage('dashboard.order', [
    '开始日期不能晚于结束日期',
    'The start date must not be after the end date',
  ]),
  tooLong: registerMessage('dashboard.tooLong', [
    '日期范围不能超过{max}天',
    'The date range cannot be longer than {max} days',
  ]),
};

const DAY_MS = 86_400_000;

/** The days from `from` to `to`, both included (plain calendar days, no zone involved). */
export function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const days: string[] = [];
  for (let at = start; at <= end && days.length <= DASHBOARD_MAX_DAYS; at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

const day = z.iso.date(`@${DASHBOARD_MESSAGES.date}`);

/** `figures?from=YYYY-MM-DD&to=YYYY-MM-DD`: days of the tenant's time zone, both included. */
export const dashboardQuery = z.strictObject({ from: day, to: day }).superRefine((range, ctx) => {
  if (range.from > range.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: `@${DASHBOARD_MESSAGES.order}` });
    return;
  }
  const span = (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS + 1;
  if (span > DASHBOARD_MAX_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: encodeMessage(DASHBOARD_MESSAGES.tooLong, { max: DASHBOARD_MAX_DAYS }),
    });
  }
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const count = z.number().int().min(0);
/** One value per day of `days`, in the same order (a day without rows is 0). */
const perDay = z.array(count);

export const dashboardFigures = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first: the x axis of the per-day series. */
  days: z.array(z.string()),
  users: z.object({ total: count, created: perDay }),
  /** Password, phone, social and SSO sign-ins (the login log). */
  signIns: perDay,
  /** API calls (API log) and server or client errors (error log). */
  api: z.object({ calls: perDay, errors: perDay }),
  /** Live attachments and their size in bytes. */
  storage: z.object({ files: count, bytes: count }),
  notices: z.object({ total: count }),
  entities: z.object({
    total: count,
    /** Entities whose table exists. */
    synced: count,
    /** The counted tables (at most DASHBOARD_MAX_TABLES, newest first), largest first. */
    tables: z.array(z.object({ id: z.string(), entNo: z.string(), entName: z.string(), rows: count })),
    rows: count,
  }),
  flows: z.object({ running: count }),
  /** Indexed YBI transfers touching the tenant's wallets; amounts in YBI as decimal text. */
  wallet: z.object({ wallets: count, transfers: perDay, volume: z.array(z.string()) }),
  /** When the figures were counted (ISO): answers are kept a few seconds. */
  countedAt: z.string(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;
