import type { Element } from '@yuan/contract';
import { describe, expect, it } from 'vitest';
import { columnType, driftOf, fieldIndexes, planSync, widens } from './ddl-plan.ts';

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
/** The field indexes a table synced to `elements` has. */
const indexesOf = (elements: Element[]) => new Set(elements.flatMap((e) => [...fieldIndexes('9', e).keys()]));
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
    const steps = planSync('9', after, before, live(before), { live: indexesOf(before), trigram: true });
    expect(steps.map((s) => s.sql)).toEqual([
      'ALTER TABLE "yuan_ent_9" DROP COLUMN "age"',
      'ALTER TABLE "yuan_ent_9" RENAME COLUMN "name" TO "full_name"',
      'ALTER TABLE "yuan_ent_9" ADD COLUMN "age" varchar(255)',
      // The renamed column keeps its index; the new text field gets one.
      'CREATE INDEX "yuan_ent_9_s3" ON "yuan_ent_9" USING gin ("age" gin_trgm_ops) WHERE is_deleted = 0',
    ]);
    expect(steps[0]?.loss).toContain('count(*)');
    expect(steps[1]?.loss).toBeUndefined();
  });

  it('counts what a narrowing loses and clears later duplicates before a unique index', () => {
    const before = [el('1', 'code', { dataTyp: 'text' })];
    const after = [el('1', 'code', { dataTyp: 'int', unique: true })];
    const [drop, narrow, unique] = planSync('9', after, before, live(before), {
      live: indexesOf(before),
      trigram: true,
    });
    expect(drop?.sql).toBe('DROP INDEX IF EXISTS "yuan_ent_9_s1"');
    expect(narrow?.what.key).toBe('ddl.narrow');
    expect(narrow?.sql).toContain('yuan_castable');
    expect(unique?.sql).toBe(
      'CREATE UNIQUE INDEX "yuan_ent_9_u1" ON "yuan_ent_9" (tenant_id, "code") WHERE is_deleted = 0',
    );
    expect(unique?.prepare).toMatch(/^UPDATE "yuan_ent_9" SET "code" = NULL/);
  });

  it('plans nothing when the table matches, and reports drift when it does not', () => {
    const elements = [el('1', 'name'), el('2', 'qty', { dataTyp: 'int' })];
    expect(
      planSync('9', elements, elements, live(elements), { live: indexesOf(elements), trigram: true }),
    ).toEqual([]);
    const altered = [
      ...live([el('1', 'name')]),
      { name: 'qty', type: 'text' },
      { name: 'extra', type: 'text' },
    ];
    expect(driftOf(elements, altered)).toEqual(['~qty:text', '+extra']);
  });

  it('gives free text a trigram index and numbers and dates a sort index, and follows the field as it changes', () => {
    const created = planSync(
      '9',
      [
        el('1', 'title'),
        el('2', 'notes', { dataTyp: 'text' }),
        el('3', 'kind', { dictCode: 'kinds' }),
        el('4', 'qty', { dataTyp: 'int' }),
        el('5', 'due', { dataTyp: 'date' }),
        el('6', 'code', { dataTyp: 'int', unique: true }),
        el('7', 'owner', { refEntId: '8' }),
        el('8', 'done', { dataTyp: 'bool' }),
      ],
      null,
      null,
    );
    const fieldIndexSql = created.filter((s) => /_[so]\d+"/.test(s.sql)).map((s) => s.sql);
    expect(fieldIndexSql).toEqual([
      'CREATE INDEX "yuan_ent_9_s1" ON "yuan_ent_9" USING gin ("title" gin_trgm_ops) WHERE is_deleted = 0',
      'CREATE INDEX "yuan_ent_9_s2" ON "yuan_ent_9" USING gin ("notes" gin_trgm_ops) WHERE is_deleted = 0',
      'CREATE INDEX "yuan_ent_9_o4" ON "yuan_ent_9" (tenant_id, "qty") WHERE is_deleted = 0',
      'CREATE INDEX "yuan_ent_9_o5" ON "yuan_ent_9" (tenant_id, "due") WHERE is_deleted = 0',
    ]);
    expect(created.find((s) => s.sql.includes('_s1"'))?.what).toEqual({
      key: 'ddl.searchIndex',
      params: { column: 'title' },
    });

    // Text becomes a number: its trigram index goes before the type changes, the sort index comes after.
    const before = [el('1', 'size'), el('2', 'note', { dataTyp: 'text' })];
    const after = [el('1', 'size', { dataTyp: 'int' }), el('2', 'note', { dataTyp: 'text', dictCode: 'd' })];
    const steps = planSync('9', after, before, live(before), { live: indexesOf(before), trigram: true });
    expect(steps.map((s) => s.what.key)).toEqual([
      'ddl.dropIndex',
      'ddl.dropIndex',
      'ddl.narrow',
      'ddl.sortIndex',
    ]);
    expect(steps[0]?.sql).toBe('DROP INDEX IF EXISTS "yuan_ent_9_s1"');
    expect(steps[1]?.sql).toBe('DROP INDEX IF EXISTS "yuan_ent_9_s2"');
    expect(steps[3]?.sql).toBe(
      'CREATE INDEX "yuan_ent_9_o1" ON "yuan_ent_9" (tenant_id, "size") WHERE is_deleted = 0',
    );

    // A table synced before field indexes existed gets them on its next sync; a dropped field's go with its column.
    expect(
      planSync('9', before, before, live(before), { live: new Set(), trigram: true }).map((s) => s.what.key),
    ).toEqual(['ddl.searchIndex', 'ddl.searchIndex']);
    const dropped = planSync('9', [before[1] as Element], before, live(before), {
      live: indexesOf(before),
      trigram: true,
    });
    expect(dropped.map((s) => s.sql)).toEqual(['ALTER TABLE "yuan_ent_9" DROP COLUMN "size"']);
    // Indexes the planner did not make are left alone.
    expect(
      planSync('9', before, before, live(before), {
        live: new Set([...indexesOf(before), 'yuan_ent_9_l9', 'by_hand']),
        trigram: true,
      }),
    ).toEqual([]);
  });

  it('leaves out search indexes where the database has no trigram matching', () => {
    const elements = [el('1', 'title'), el('2', 'qty', { dataTyp: 'int' })];
    const created = planSync('9', elements, null, null, { live: new Set(), trigram: false });
    expect(created.map((s) => s.what.key).filter((key) => key.endsWith('Index'))).toEqual([
      'ddl.listIndex',
      'ddl.sortIndex',
    ]);
    expect(
      planSync('9', elements, elements, live(elements), { live: indexesOf(elements), trigram: false }),
    ).toEqual([
      {
        sql: 'DROP INDEX IF EXISTS "yuan_ent_9_s1"',
        what: { key: 'ddl.dropIndex', params: { column: 'title' } },
      },
    ]);
  });

  it('refuses an identifier that did not come from a checked code', () => {
    expect(() => planSync('9', [el('1', 'a"; DROP TABLE x; --')], null, null)).toThrow(/not an identifier/);
  });
});
