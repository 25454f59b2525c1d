import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';

/** SQL of notices as their readers see them: a tenant's published, live notices and each user's read marks. */
export class NoticeReaderRepo {
  constructor(private readonly db: Kdb) {}

  private published(tenantId: string, sourceFrom?: string) {
    let q = this.db
      .selectFrom('yuan_notice as n')
      .where('n.tenant_id', '=', tenantId)
      .where('n.is_deleted', '=', 0)
      .where('n.status', '=', 1);
    if (sourceFrom) {
      q = q.where('n.source_from', '=', sourceFrom);
    }
    return q;
  }

  private readFlag(userId: string) {
    return sql<boolean>`EXISTS (SELECT 1 FROM yuan_notice_read nr
      WHERE nr.tenant_id = n.tenant_id AND nr.notice_id = n.id AND nr.user_id = ${userId})`;
  }

  /** One page, newest first, each with whether this user has read it. */
  page(tenantId: string, userId: string, page: { current: number; size: number; sourceFrom?: string }) {
    return this.published(tenantId, page.sourceFrom)
      .select([
        'n.id',
        'n.title',
        'n.subtitle',
        'n.tag',
        'n.img',
        'n.source_from as sourceFrom',
        'n.content',
        'n.create_time as createTime',
        this.readFlag(userId).as('read'),
      ])
      .orderBy('n.id', 'desc')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute();
  }

  async count(tenantId: string, sourceFrom?: string): Promise<number> {
    const row = await this.published(tenantId, sourceFrom)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Unread published notices of a user, per source. */
  unreadBySource(tenantId: string, userId: string) {
    return this.published(tenantId)
      .select(['n.source_from as sourceFrom', sql<string>`count(*)`.as('n')])
      .where(sql<boolean>`NOT ${this.readFlag(userId)}`)
      .groupBy('n.source_from')
      .execute();
  }

  async isPublished(tenantId: string, id: string): Promise<boolean> {
    return (
      (await this.published(tenantId).select('n.id').where('n.id', '=', id).executeTakeFirst()) !== undefined
    );
  }

  async markRead(tenantId: string, noticeId: string, userId: string): Promise<void> {
    await this.db
      .insertInto('yuan_notice_read')
      .values({ tenant_id: tenantId, notice_id: noticeId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
