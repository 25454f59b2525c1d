import { createRequire } from 'node:module';
import { nextId } from '../../lib/id.ts';
import type { Kdb } from '../index.ts';

/** GB/T 2260 codes from the china-area-data package: "86" → provinces, province → cities, city → districts. */
type AreaData = Record<string, Record<string, string>>;

/** Seeds China's provinces and cities once, when the region table is empty. */
export async function seedRegions(db: Kdb): Promise<number> {
  const any = await db.selectFrom('yuan_region').select('id').executeTakeFirst();
  if (any) {
    return 0;
  }
  const data = createRequire(import.meta.url)('china-area-data/data.json') as AreaData;
  const rows: {
    id: string;
    code: string;
    parent_code: string;
    ancestors: string;
    name: string;
    region_level: number;
    sort: number;
  }[] = [];
  for (const [code, name] of Object.entries(data['86'] ?? {})) {
    rows.push({
      id: nextId(),
      code,
      parent_code: '00',
      ancestors: '00',
      name,
      region_level: 1,
      sort: rows.length,
    });
    for (const [cityCode, cityName] of Object.entries(data[code] ?? {})) {
      rows.push({
        id: nextId(),
        code: cityCode,
        parent_code: code,
        ancestors: `00,${code}`,
        name: cityName,
        region_level: 2,
        sort: rows.length,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('yuan_region')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  return rows.length;
}
