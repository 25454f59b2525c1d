import pg from 'pg';

const { DATE: DATE_OID, TIMESTAMPTZ: TIMESTAMPTZ_OID } = pg.types.builtins;

const parseDefault = (oid: number) => pg.types.getTypeParser(oid, 'text') as (text: string) => unknown;

/** A timestamptz as PostgreSQL writes it (DateStyle ISO): fraction up to microseconds, offset ±HH[:MM[:SS]]. */
const STAMP =
  /^([1-9]\d{3})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(\.\d{1,6})?([+-])(\d\d)(?::(\d\d))?(?::(\d\d))?$/;
const DAY = /^([1-9]\d{3})-(\d\d)-(\d\d)$/;

/**
 * The milliseconds a `Date` keeps of a fraction, computed as the driver's parser does (`1000 * parseFloat`,
 * truncated by the Date), so the text is the same to the digit.
 */
const millis = (fraction: string | undefined) =>
  fraction ? String(Math.trunc(1000 * Number.parseFloat(fraction))).padStart(3, '0') : '000';

/**
 * A timestamptz as the text `JSON.stringify` writes for the driver's `Date` of it (UTC, milliseconds). At offset
 * zero (a tenant in UTC) it is cut from the text; otherwise through `Date.UTC`, as the driver does. Years before
 * 1000, BC and infinity keep the driver's own value.
 */
function stampAsJson(text: string): unknown {
  const m = STAMP.exec(text);
  if (!m) {
    return parseDefault(TIMESTAMPTZ_OID)(text);
  }
  const [, year, month, day, hour, minute, second, fraction, sign, oh, om, os] = m;
  if (oh === '00' && om === undefined) {
    return `${year}-${month}-${day}T${hour}:${minute}:${second}.${millis(fraction)}Z`;
  }
  const offset =
    (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om ?? 0) * 60 + Number(os ?? 0)) * 1000;
  const ms = fraction ? 1000 * Number.parseFloat(fraction) : 0;
  const utc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    ms,
  );
  return new Date(utc - offset).toISOString();
}

/** A date as the text `JSON.stringify` writes for the driver's `Date` of it (local midnight, in UTC). */
function dayAsJson(text: string): unknown {
  const m = DAY.exec(text);
  if (!m) {
    return parseDefault(DATE_OID)(text);
  }
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).toISOString();
}

/**
 * Type parsers for rows that go to an answer as they are: dates and timestamps come as the text the answer's JSON
 * would hold for them, every other type as the pool parses it. Building a `Date` for each value and serializing it
 * again took ~60 % of a ten-row page's serialization (docs/benchmarks.md); reads whose rows code works with keep
 * the pool's `Date`s.
 */
export const ANSWER_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (format === undefined || format === 'text') {
      if (oid === TIMESTAMPTZ_OID) {
        return stampAsJson;
      }
      if (oid === DATE_OID) {
        return dayAsJson;
      }
    }
    return pg.types.getTypeParser(oid, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};
