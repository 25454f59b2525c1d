import type { VideoColumn } from '@yuan/contract';
import type { Kdb } from '../../db/index.ts';

/** More than any help dialog shows: the list is one answer, not a page. */
const MAX_VIDEOS = 1000;

/** SQL of the operation-guide videos (their management is the generic CRUD's). */
export class HelpRepo {
  constructor(private readonly db: Kdb) {}

  /** A tenant's live videos, of one column or all, in the order the managers gave them. */
  videos(tenantId: string, columnNo?: VideoColumn) {
    let q = this.db
      .selectFrom('yuan_help_video')
      .select([
        'id',
        'title',
        'front_path as frontPath',
        'content_path as contentPath',
        'column_no as columnNo',
      ])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0);
    if (columnNo) {
      q = q.where('column_no', '=', columnNo);
    }
    return q.orderBy('sort').orderBy('id').limit(MAX_VIDEOS).execute();
  }
}
