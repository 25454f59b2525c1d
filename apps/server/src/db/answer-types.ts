import pg from 'pg';

const { DATE: DATE_OID, TIMESTAMPTZ: TIMESTAMPTZ_OID } = pg.types.builtins;

const parseDefault = (oid: number) => pg.types.getTypeParser(oid, 'text') as (text: string) => unknown;

const ZERO = 48; // '0'
const NINE = 57;
const [DASH, SPACE, COLON, DOT, PLUS, MINUS] = [45, 32, 58, 46, 43, 45] as const; // - space : . + -
/** '000' … '999': the milliseconds of a stamp without building a string per value. */
const MILLIS = Array.from({ length: 1000 }, (_, ms) => String(ms).padStart(3, '0'));

/** The number written by the digits of text[from, to), or -1 if one is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c < ZERO || c > NINE) {
      return -1;
    }
    value = value * 10 + (c - ZERO);
  }
  return value;
}

/** `YYYY-MM-DD` at the start of text, the year from 1000 (the years whose Date the driver builds plainly). */
const dayFirst = (text: string) =>
  text.charCodeAt(0) !== ZERO &&
  text.charCodeAt(4) === DASH &&
  text.charCodeAt(7) === DASH &&
  digits(text, 0, 4) >= 0 &&
  digits(text, 5, 7) >= 0 &&
  digits(text, 8, 10) >= 0;

/** `HH:MM:SS` at text[11, 19) after the day's space. */
const timeNext = (text: string) =>
  text.charCodeAt(10) === SPACE &&
  text.charCodeAt(13) === COLON &&
  text.charCodeAt(16) === COLON &&
  digits(text, 11, 13) >= 0 &&
  digits(text, 14, 16) >= 0 &&
  digits(text, 17, 19) >= 0;

/** The seconds east of UTC written `±HH[:MM[:SS]]` from text[at] to its end, or NaN. */
function offsetFrom(text: string, at: number): number {
  const sign = text.charCodeAt(at);
  const length = text.length - at;
  if ((sign !== PLUS && sign !== MINUS) || (length !== 3 && length !== 6 && length !== 9)) {
    return Number.NaN;
  }
  let seconds = 0;
  for (let part = 0; 3 * part < length - 1; part += 1) {
    const from = at + 1 + 3 * part;
    const value = digits(text, from, from + 2);
    if (value < 0 || (part > 0 && text.charCodeAt(from - 1) !== COLON)) {
      return Number.NaN;
    }
    seconds += value * (3600 / 60 ** part);
  }
  return sign === MINUS ? -seconds : seconds;
}

/**
 * A timestamptz as the text `JSON.stringify` writes for the driver's `Date` of it (UTC, milliseconds), read by
 * position from PostgreSQL's ISO form `YYYY-MM-DD HH:MM:SS[.f{1,6}]±HH[:MM[:SS]]`: a regular expression's match
 * and groups were most of what a page's read allocated. At offset zero it is cut from the text; otherwise it goes
 * through `Date.UTC`, as the driver does. Years before 1000, BC and infinity keep the driver's own value.
 */
function stampAsJson(text: string): unknown {
  if (text.length < 22 || !dayFirst(text) || !timeNext(text)) {
    return parseDefault(TIMESTAMPTZ_OID)(text);
  }
  let at = 19;
  let fraction = 0;
  let scale = 1;
  if (text.charCodeAt(at) === DOT) {
    for (at = 20; at < 26; at += 1) {
      const digit = digits(text, at, at + 1);
      if (digit < 0) {
        break;
      }
      fraction = fraction * 10 + digit;
      scale *= 10;
    }
  }
  const offset = offsetFrom(text, at);
  if (at === 20 || Number.isNaN(offset)) {
    return parseDefault(TIMESTAMPTZ_OID)(text);
  }
  // As the driver: `1000 * parseFloat('.fff…')`, the Date keeping whole milliseconds. The quotient of two exact
  // integers is the double nearest the decimal, which is what parseFloat returns for it.
  const ms = 1000 * (fraction / scale);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  if (offset === 0 && hour < 24 && minute < 60 && second < 60) {
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${MILLIS[Math.trunc(ms)]}Z`;
  }
  const utc = Date.UTC(
    digits(text, 0, 4),
    digits(text, 5, 7) - 1,
    digits(text, 8, 10),
    hour,
    minute,
    second,
    ms,
  );
  return new Date(utc - offset * 1000).toISOString();
}

/** A date as the text `JSON.stringify` writes for the driver's `Date` of it (local midnight, in UTC). */
function dayAsJson(text: string): unknown {
  if (text.length !== 10 || !dayFirst(text)) {
    return parseDefault(DATE_OID)(text);
  }
  return new Date(digits(text, 0, 4), digits(text, 5, 7) - 1, digits(text, 8, 10)).toISOString();
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
