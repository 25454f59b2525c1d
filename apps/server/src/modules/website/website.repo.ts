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
    const r = await sql<WebsiteRow>`SELECT title, banner, intro, links, update_time FROM yuan_website
      WHERE tenant_id = ${tenantId}`.execute(this.db);
    return r.rows[0];
  }

  async save(tenantId: string, userId: string, row: Omit<WebsiteRow, 'update_time'>): Promise<void> {
    const links = JSON.stringify(row.links);
    await sql`INSERT INTO yuan_website (tenant_id, title, banner, intro, links, update_user, update_time)
      VALUES (${tenantId}, ${row.title}, ${row.banner}, ${row.intro}, ${links}::jsonb, ${userId}, now())
      ON CONFLICT (tenant_id) DO UPDATE SET title = EXCLUDED.title, banner = EXCLUDED.banner,
        intro = EXCLUDED.intro, links = EXCLUDED.links, update_user = EXCLUDED.update_user, update_time = now()`.execute(
      this.db,
    );
  }
}
