import type { WebsiteConfig, WebsiteLink } from '@yuan/contract';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import type { AuthContext } from '../../types.ts';
import type { WebsiteRepo } from './website.repo.ts';

export interface WebsiteInput {
  title: string;
  banner: string;
  intro: string;
  links: WebsiteLink[];
}

/** The tenant's welcome page: read by every signed-in user, saved by those with the page's edit button. */
export class WebsiteService {
  constructor(private readonly repo: WebsiteRepo) {}

  async config(ctx: AuthContext): Promise<WebsiteConfig> {
    const row = await this.repo.find(ctx.tenantId);
    if (!row) {
      return { title: '', banner: '', intro: '', links: [], updateTime: null };
    }
    return {
      title: row.title,
      banner: row.banner,
      intro: row.intro,
      links: row.links,
      updateTime: new Date(row.update_time).toISOString(),
    };
  }

  /** The introduction is stored sanitized: what any user of the tenant is shown cannot run script. */
  async save(ctx: AuthContext, input: WebsiteInput): Promise<WebsiteConfig> {
    await this.repo.save(ctx.tenantId, ctx.userId, {
      title: input.title,
      banner: input.banner,
      intro: sanitizeRichText(input.intro),
      links: input.links.map((link) => ({ title: link.title, url: link.url })),
    });
    return this.config(ctx);
  }
}
