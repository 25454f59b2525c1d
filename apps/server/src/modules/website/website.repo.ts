import type { WebsiteLink } from '@yuan/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';

export interface WebsiteRow {
  title: string;
  banner: string;
  intro: string;
  links: WebsiteLink[];
  update_time: Date;
}

/** SQL of the tenant's website configuration (one row per tenant; the tenant scope's policy picks the row). */
export class WebsiteRepo {
  constructor(private readonly db: Kdb) {}

  async find(tenantId: string): Promise<WebsiteRow | undefined> {
    const row = await this.db
      .selectFrom('yuan_website')
      .select(['title', 'banner', 'intro', 'links', 'update_time'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row && { ...row, links: row.links as WebsiteLink[] };
  }

  async save(tenantId: string, userId: string, row: Omit<WebsiteRow, 'update_time'>): Promise<void> {
    const values = {
      title: row.title,
      banner: row.banner,
      intro: row.intro,
      links: JSON.stringify(row.links),
      update_user: userId,
      update_time: sql<Date>`now()`,
    };
    await this.db
      .insertInto('yuan_website')
      .values({ tenant_id: tenantId, ...values })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
      .execute();
  }
}
