import { sql } from 'kysely';
import type { Kdb } from '../../../db/index.ts';

/** SQL of the shared region tree (China's provinces, cities and districts). */
export class RegionRepo {
  constructor(private readonly db: Kdb) {}

  /** The children of one region as lazy-tree nodes, each saying whether it has children. */
  children(parentCode: string) {
    return this.db
      .selectFrom('yuan_region as r')
      .select([
        'r.code as id',
        'r.parent_code as parentId',
        'r.name as title',
        'r.code as value',
        'r.code as key',
        'r.region_level as regionLevel',
        sql<boolean>`EXISTS (SELECT 1 FROM yuan_region c WHERE c.parent_code = r.code AND c.is_deleted = 0)`.as(
          'hasChildren',
        ),
      ])
      .where('r.parent_code', '=', parentCode)
      .where('r.is_deleted', '=', 0)
      .orderBy('r.sort')
      .orderBy('r.code')
      .execute();
  }
}
