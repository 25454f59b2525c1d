import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ANSWER_TYPES } from './answer-types.ts';
import { Reusable } from './reusable.ts';

const { DATE: DATE_OID, TIMESTAMPTZ: TIMESTAMPTZ_OID, INT8, INT4, BOOL } = pg.types.builtins;
const answer = (oid: number) => ANSWER_TYPES.getTypeParser(oid, 'text') as (text: string) => unknown;
const driver = (oid: number) => pg.types.getTypeParser(oid, 'text') as (text: string) => unknown;
/** What the answer's JSON holds for a value: the point of these parsers is that it does not change. */
const json = (value: unknown) => JSON.stringify({ value });

const OFFSETS = ['+00', '+08', '-05', '+05:30', '-03:30', '+05:45', '+00:00:36', '-00:25:21', '+14', '-12'];

it('writes every timestamptz as the driver’s Date would be written, fractions and offsets included', () => {
  const texts: string[] = [];
  for (let f = 0; f < 1000; f += 1) {
    // PostgreSQL trims trailing zeros: every fraction of one to three digits, and six-digit ones around it.
    const three = String(f).padStart(3, '0').replace(/0+$/, '');
    const six = `${String(f).padStart(3, '0')}${String((f * 7919) % 1000).padStart(3, '0')}`.replace(
      /0+$/,
      '',
    );
    for (const fraction of [three, six]) {
      const offset = OFFSETS[f % OFFSETS.length] as string;
      texts.push(`2026-11-30 23:59:59${fraction ? `.${fraction}` : ''}${offset}`);
    }
  }
  texts.push(
    '1000-01-01 00:00:00+00',
    '9999-12-31 23:59:59.999999-12',
    '2024-02-29 00:00:00.5+14',
    '2026-03-29 02:30:00+01',
    // Forms PostgreSQL does not write for a timestamptz still read as the driver reads them.
    '2026-11-30 24:00:00+00',
    '2026-11-30 23:59:60.5+00',
    '2026-11-30 23:59:59.1234567+00',
    '2026-11-30 23:59:59-00',
    '12026-11-30 23:59:59+00',
    // The driver's own value: years before 1000, BC, infinity.
    '0999-12-31 23:59:59+00',
    '0044-03-15 12:00:00+00',
    '0100-03-15 12:00:00+00 BC',
    'infinity',
    '-infinity',
  );
  for (const text of texts) {
    expect(json(answer(TIMESTAMPTZ_OID)(text)), text).toBe(json(driver(TIMESTAMPTZ_OID)(text)));
  }
  expect(answer(TIMESTAMPTZ_OID)('2026-11-30 04:43:47.123456+00')).toBe('2026-11-30T04:43:47.123Z');
});

it('writes every date as the driver’s local midnight would be written', () => {
  for (const text of [
    '2026-11-30',
    '2024-02-29',
    '1000-01-01',
    '9999-12-31',
    '0099-01-01',
    '0001-01-01 BC',
  ]) {
    expect(json(answer(DATE_OID)(text)), text).toBe(json(driver(DATE_OID)(text)));
  }
  expect(typeof answer(DATE_OID)('2026-11-30')).toBe('string');
});

it('leaves every other type to the pool’s parsers (ids stay text)', () => {
  expect(answer(INT8)('9007199254740993')).toBe('9007199254740993');
  expect(answer(INT4)('42')).toBe(42);
  expect(answer(BOOL)('t')).toBe(true);
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, []);
});
afterAll(() => t.close());

it('gives a read the same answer in every tenant time zone, as text instead of Dates', async () => {
  const build = (value: (i: number) => string) =>
    t.database.db
      .selectNoFrom([
        sql<unknown>`${value(0)}::timestamptz`.as('at'),
        sql<unknown>`${value(1)}::date`.as('day'),
        sql<unknown>`${value(2)}::bigint`.as('id'),
      ])
      .$castTo<Record<string, unknown>>();
  const plain = new Reusable(build);
  const answered = new Reusable(build, { types: ANSWER_TYPES });
  const values = ['2026-06-01 10:00:00.1234567+02', '2026-06-01', '9007199254740993'];
  for (const timeZone of ['', 'Asia/Shanghai', 'America/St_Johns', 'Asia/Kathmandu', 'Europe/Dublin']) {
    const read = (q: Reusable<Record<string, unknown>>) =>
      t.database.run({ tenantId: '000000', timeZone }, () => q.first(t.database.db, values));
    const [before, after] = [await read(plain), await read(answered)];
    expect(before?.at, timeZone).toBeInstanceOf(Date);
    expect(after?.at, timeZone).toBe('2026-06-01T08:00:00.123Z');
    expect(JSON.stringify(after), timeZone).toBe(JSON.stringify(before));
  }
});
