import { type HelpVideoItem, isSafeUrl, VIDEO_COLUMNS, type VideoColumn } from '@yuan/contract';
import type { AuthContext } from '../../types.ts';
import type { HelpRepo } from './help.repo.ts';

const COLUMNS: ReadonlySet<string> = new Set(VIDEO_COLUMNS);

/**
 * The help dialog's list. Every write goes through the contract, which accepts only http(s) and same-origin paths;
 * rows written before that rule are still checked here, so no other scheme ever reaches an <img> or <video>.
 */
export class HelpService {
  constructor(private readonly repo: HelpRepo) {}

  async list(ctx: AuthContext, columnNo?: VideoColumn): Promise<HelpVideoItem[]> {
    const rows = await this.repo.videos(ctx.tenantId, columnNo);
    return rows
      .filter((row) => isSafeUrl(row.contentPath))
      .map((row) => ({
        id: String(row.id),
        title: row.title,
        frontPath: isSafeUrl(row.frontPath) ? row.frontPath : '',
        contentPath: row.contentPath,
        columnNo: (COLUMNS.has(row.columnNo) ? row.columnNo : 'M01') as VideoColumn,
      }));
  }
}
