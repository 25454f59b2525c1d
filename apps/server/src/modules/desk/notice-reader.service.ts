import { noticeResource, type Page } from '@yuan/contract';
import { type ListCache, tableScope } from '../../lib/crud/list-cache.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../types.ts';
import type { NoticeReaderRepo } from './notice-reader.repo.ts';

type MyNotice = Awaited<ReturnType<NoticeReaderRepo['page']>>[number];

/**
 * Notices as their readers see them (any signed-in user of the tenant): published ones with a read flag, the unread
 * counts per source for the bell, and marking one read when it is opened.
 */
export class NoticeReaderService {
  constructor(
    private readonly repo: NoticeReaderRepo,
    private readonly counts: ListCache,
  ) {}

  /** The page's total is the cached one the notice screen keeps too, dropped when a notice is written. */
  async mine(
    ctx: AuthContext,
    q: { current: number; size: number; sourceFrom?: string },
  ): Promise<Page<MyNotice>> {
    const [records, total] = await Promise.all([
      this.repo.page(ctx.tenantId, ctx.userId, q),
      this.counts.total(tableScope(ctx.tenantId, noticeResource.table), `mine:${q.sourceFrom ?? ''}`, () =>
        this.repo.count(ctx.tenantId, q.sourceFrom),
      ),
    ]);
    return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
  }

  async unread(ctx: AuthContext): Promise<{ total: number; bySource: Record<string, number> }> {
    const rows = await this.repo.unreadBySource(ctx.tenantId, ctx.userId);
    const bySource = Object.fromEntries(rows.map((row) => [row.sourceFrom, Number(row.n)]));
    return { total: rows.reduce((sum, row) => sum + Number(row.n), 0), bySource };
  }

  async read(ctx: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.isPublished(ctx.tenantId, id))) {
      throw notFound();
    }
    await this.repo.markRead(ctx.tenantId, id, ctx.userId);
  }
}
