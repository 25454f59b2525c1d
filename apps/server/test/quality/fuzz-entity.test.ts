import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowcodeModule } from '../../src/modules/lowcode/index.ts';
import { checksums, twoTenantApp } from '../fixtures.ts';
import { jsonValue, scalar } from './fuzz-values.ts';

const { t, tokens } = twoTenantApp(() => ({}), [lowcodeModule]);
const API = '/api/yuan-api';
const RUNS = Number(process.env.FUZZ_RUNS ?? 20) * 5;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const FIELDS = ['name', 'qty', 'price', 'vip', 'born', 'at', 'meta', 'note'];

async function entity(): Promise<string> {
  const saved = await t.call('POST', `${API}/dtentity/saveOrUpdate`, tokens.a, {
    entNo: 'fuzzed',
    entName: 'Fuzzed',
    elements: [
      {
        eleNo: 'name',
        eleName: 'Name',
        dataTyp: 'string',
        verifyJson: { required: true, stringRange: [1, 20] },
        unique: true,
      },
      { eleNo: 'qty', eleName: 'Qty', dataTyp: 'int', verifyJson: { numberBetween: [0, 10] } },
      { eleNo: 'price', eleName: 'Price', dataTyp: 'decimal' },
      { eleNo: 'vip', eleName: 'Vip', dataTyp: 'bool' },
      { eleNo: 'born', eleName: 'Born', dataTyp: 'date' },
      { eleNo: 'at', eleName: 'At', dataTyp: 'datetime' },
      { eleNo: 'meta', eleName: 'Meta', dataTyp: 'json' },
      { eleNo: 'note', eleName: 'Note', dataTyp: 'text' },
    ],
  });
  const id = saved.json().data.id as string;
  await t.call('POST', `${API}/dtentity/syncEntityDataBaseTable`, tokens.a, { id, apply: true });
  return id;
}

// A hundred saves, each between two digests of every table: minutes, not seconds, on two busy cores.
describe("fuzzing an entity's data calls with its own field names", { timeout: 180_000 }, () => {
  it('answers 200 or a 4xx with a message, never 5xx; a refused write changes nothing', async () => {
    const entId = await entity();
    const key = fc.oneof(
      fc.constantFrom(...FIELDS, 'id', 'qty_gt', 'born_lt', 'sort'),
      fc.string({ maxLength: 8 }),
    );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(key, jsonValue, { maxKeys: 5 }),
        fc.dictionary(key, scalar, { maxKeys: 3 }),
        async (data, query) => {
          const before = await checksums(t);
          const saved = await t.call('POST', `${API}/dtentity/saveOrUpdateData`, tokens.a, { entId, data });
          const body = saved.json();
          if (saved.statusCode >= 500 || (saved.statusCode !== 200 && !body.msg)) {
            failures.push(
              `save ${JSON.stringify(data).slice(0, 200)} → ${saved.statusCode} ${saved.body.slice(0, 120)}`,
            );
          }
          if (saved.statusCode !== 200 && JSON.stringify(await checksums(t)) !== JSON.stringify(before)) {
            failures.push(`refused save changed data: ${JSON.stringify(data).slice(0, 200)}`);
          }
          const listed = await t.app.inject({
            method: 'GET',
            url: `${API}/dtentity/queryDataByFields`,
            query: { ...query, entId },
            headers: { 'blade-auth': `bearer ${tokens.a}` },
          });
          if (listed.statusCode >= 500) {
            failures.push(
              `list ${JSON.stringify(query)} → ${listed.statusCode} ${listed.body.slice(0, 120)}`,
            );
          }
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    expect(failures).toEqual([]);
  });
});
