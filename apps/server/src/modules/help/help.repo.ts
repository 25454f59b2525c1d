import type { Kdb } from '../../db/index.ts';

/** SQL of the operation-guide videos. */
export class HelpRepo {
  constructor(private readonly db: Kdb) {}

  videos() {
    return this.db
      .selectFrom('yuan_help_video')
      .select([
        'id',
        'title',
        'front_path as frontPath',
        'content_path as contentPath',
        'column_no as columnNo',
      ])
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .execute();
  }
}
