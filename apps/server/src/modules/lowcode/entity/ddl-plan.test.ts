import type { Element } from '@yuan/contract';
import { describe, expect, it } from 'vitest';
import { columnType, driftOf, planSync, widens } from './ddl-plan.ts';

const el = (id: string, eleNo: string, extra: Partial<Element> = {}): Element => ({
  id,
  eleNo,
  eleName: eleNo,
  dataTyp: 'string',
  verifyJson: {},
  defNo: '',
  refEntId: '',
  unique: false,
  sort: 0,
  ...extra,
});
const live = (elements: Element[]) => [
  { name: 'tenant_id', type: 'varchar(12)' },
  { name: 'id', type: 'bigint' },
  ...elements.map((e) => ({ name: e.eleNo, type: columnType(e) })),
];

describe('the DDL plan', () => {
  it('tells widening from narrowing', () => {
    expect(widens('varchar(20)', 'varchar(40)')).toBe(true);
    expect(widens('varchar(40)', 'varchar(20)')).toBe(false);
    expect(widens('integer', 'numeric(30,10)')).toBe(true);
    expect(widens('numeric(30,10)', 'integer')).toBe(false);
    expect(widens('jsonb', 'text')).toBe(true);
    expect(widens('text', 'integer')).toBe(false);
    expect(widens('date', 'timestamptz')).toBe(true);
  });

  it('renames in place instead of dropping and adding, and drops before it adds', () => {
    const before = [el('1', 'name'), el('2', 'age', { dataTyp: 'int' })];
    const after = [el('1', 'full_name'), el('3', 'age')];
    const steps = planSync('9', after, before, live(before));
    expect(steps.map((s) => s.sql)).toEqual([
      'ALTER TABLE "yuan_ent_9" DROP COLUMN "age"',
      'ALTER TABLE "yuan_ent_9" RENAME COLUMN "name" TO "full_name"',
      'ALTER TABLE "yuan_ent_9" ADD COLUMN "age" varchar(255)',
    ]);
    expect(steps[0]?.loss).toContain('count(*)');
    expect(steps[1]?.loss).toBeUndefined();
  });

  it('counts what a narrowing loses and clears later duplicates before a unique index', () => {
    const before = [el('1', 'code', { dataTyp: 'text' })];
    const after = [el('1', 'code', { dataTyp: 'int', unique: true })];
    const [narrow, unique] = planSync('9', after, before, live(before));
    expect(narrow?.what.key).toBe('ddl.narrow');
    expect(narrow?.sql).toContain('yuan_castable');
    expect(unique?.sql).toBe(
      'CREATE UNIQUE INDEX "yuan_ent_9_u1" ON "yuan_ent_9" (tenant_id, "code") WHERE is_deleted = 0',
    );
    expect(unique?.prepare).toMatch(/^UPDATE "yuan_ent_9" SET "code" = NULL/);
  });

  it('plans nothing when the table matches, and reports drift when it does not', () => {
    const elements = [el('1', 'name'), el('2', 'qty', { dataTyp: 'int' })];
    expect(planSync('9', elements, elements, live(elements))).toEqual([]);
    const altered = [
      ...live([el('1', 'name')]),
      { name: 'qty', type: 'text' },
      { name: 'extra', type: 'text' },
    ];
    expect(driftOf(elements, altered)).toEqual(['~qty:text', '+extra']);
  });

  it('refuses an identifier that did not come from a checked code', () => {
    expect(() => planSync('9', [el('1', 'a"; DROP TABLE x; --')], null, null)).toThrow(/not an identifier/);
  });
});
