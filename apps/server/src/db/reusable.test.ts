import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Reusable } from './reusable.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, []);
  await t.database.root
    .insertInto('yuan_param')
    .values([
      { id: '9101', tenant_id: '000000', param_key: 'reuse.a', param_name: 'A', param_value: '1' },
      { id: '9102', tenant_id: '000000', param_key: 'reuse.b', param_name: 'B', param_value: '2' },
      {
        id: '9103',
        tenant_id: '000000',
        param_key: 'reuse.c',
        param_name: 'C',
        param_value: '3',
        is_deleted: 1,
      },
    ])
    .execute();
});
afterAll(() => t.close());

it('is built once and binds each call’s values, keeping the fixed ones', async () => {
  const build = vi.fn((value: (i: number) => string) =>
    t.database.db
      .selectFrom('yuan_param')
      .select(['id', 'param_value'])
      .where('tenant_id', '=', value(0))
      .where('param_key', 'like', value(1))
      .where('is_deleted', '=', 0)
      .orderBy('id'),
  );
  const query = new Reusable(build);
  const read = (key: string) =>
    t.database.run({ tenantId: '000000' }, () => query.rows(t.database.db, ['000000', key]));
  expect(await read('reuse.a')).toEqual([{ id: '9101', param_value: '1' }]);
  expect(await read('reuse.%')).toEqual([
    { id: '9101', param_value: '1' },
    { id: '9102', param_value: '2' },
  ]);
  // The fixed is_deleted = 0 still holds: the deleted row is not read.
  expect(await read('reuse.c')).toEqual([]);
  expect(build).toHaveBeenCalledTimes(1);
});

it('runs in the caller’s scope: another tenant’s rows stay invisible', async () => {
  const query = new Reusable((value) =>
    t.database.db.selectFrom('yuan_param').select('id').where('param_key', '=', value(0)),
  );
  const seen = await t.database.run({ tenantId: '200009' }, () => query.first(t.database.db, ['reuse.a']));
  expect(seen).toBeUndefined();
});
