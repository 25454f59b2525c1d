import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { lowcodeModule } from '../index.ts';

const URL = '/api/yuan-api/erd/layout';
const { t, tokens } = twoTenantApp(() => ({}), [lowcodeModule]);

describe('erd/layout', () => {
  it("keeps each tenant's table positions, replacing them on each save", async () => {
    expect((await t.call('GET', URL, tokens.a)).json().data).toEqual({ positions: {} });
    const first = { '101': { x: 10, y: 20 }, '102': { x: -5.5, y: 300 } };
    expect((await t.call('POST', URL, tokens.a, { positions: first })).statusCode).toBe(200);
    expect((await t.call('GET', URL, tokens.a)).json().data.positions).toEqual(first);
    await t.call('POST', URL, tokens.a, { positions: { '101': { x: 1, y: 2 } } });
    expect((await t.call('GET', URL, tokens.a)).json().data.positions).toEqual({ '101': { x: 1, y: 2 } });
    expect((await t.call('GET', URL, tokens.b)).json().data.positions).toEqual({});
  });

  it('refuses positions that are not numbers or ids, and callers without the menu', async () => {
    const before = (await t.call('GET', URL, tokens.a)).json().data.positions;
    for (const positions of [
      { abc: { x: 1, y: 1 } },
      { '1': { x: 'left', y: 1 } },
      { '1': { x: 1e12, y: 0 } },
      [],
    ]) {
      expect((await t.call('POST', URL, tokens.a, { positions })).statusCode).toBe(400);
    }
    expect((await t.call('POST', URL, tokens.noPerm, { positions: {} })).statusCode).toBe(403);
    expect((await t.call('GET', URL, tokens.a)).json().data.positions).toEqual(before);
  });
});
