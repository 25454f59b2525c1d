import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../../test/fixtures.ts';
import { systemModule } from '../index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [systemModule]);

describe('regions', () => {
  it("is seeded with China's provinces and their cities, served as a lazy tree", async () => {
    const provinces = (await t.call('GET', '/api/yuan-system/region/lazy-tree', tokens.a)).json().data;
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    const hebei = provinces.find((p: { title: string }) => p.title === '河北省');
    expect(hebei).toMatchObject({ value: '130000', hasChildren: true, regionLevel: 1 });
    const cities = (
      await t.call('GET', '/api/yuan-system/region/lazy-tree?parentCode=130000', tokens.a)
    ).json().data;
    expect(cities.map((c: { title: string }) => c.title)).toContain('石家庄市');
    expect(
      cities.every(
        (c: { parentId: string; hasChildren: boolean }) => c.parentId === '130000' && !c.hasChildren,
      ),
    ).toBe(true);
  });

  it('adds a district under a city and finds it by code; other tenants are refused', async () => {
    const added = await t.call('POST', '/api/yuan-system/region/submit', tokens.a, {
      code: '130102',
      parentCode: '130100',
      name: '长安区',
      regionLevel: 3,
      sort: 1,
    });
    expect(added.statusCode).toBe(200);
    const city = (await t.call('GET', '/api/yuan-system/region/lazy-tree?parentCode=130000', tokens.a)).json()
      .data;
    expect(city.find((c: { value: string }) => c.value === '130100').hasChildren).toBe(true);
    const found = (await t.call('GET', '/api/yuan-system/region/list?code=130102', tokens.a)).json().data;
    expect(found.records[0]).toMatchObject({ name: '长安区', parentCode: '130100' });
    expect((await t.call('GET', '/api/yuan-system/region/lazy-tree', tokens.b)).statusCode).toBe(403);
    expect(
      (await t.call('GET', '/api/yuan-system/region/lazy-tree?parentCode=1%27', tokens.a)).statusCode,
    ).toBe(400);
  });
});
