import { z } from 'zod';
import { encodeMessage, registerMessage } from '../form-messages.ts';
import { isSafeUrl } from '../safe-url.ts';

/** Limits of the welcome page's website configuration (SPEC §2 /wel/index: first page from website config). */
export const WEBSITE_LIMITS = { title: 100, intro: 20_000, links: 12, linkTitle: 40, url: 1_000 } as const;

const urlMessage = registerMessage('website.url', [
  '地址只能是 http(s) 地址或以 / 开头的站内路径',
  'Only http(s) addresses or site paths starting with / are allowed',
]);
registerMessage('website.linkTitle', ['链接名称', 'Link title']);
registerMessage('website.linkUrl', ['链接地址', 'Link address']);

const address = z
  .string()
  .trim()
  .max(
    WEBSITE_LIMITS.url,
    encodeMessage('form.tooLong', { label: 'website.linkUrl', max: WEBSITE_LIMITS.url }),
  )
  .refine((value) => value === '' || isSafeUrl(value), encodeMessage(urlMessage));

export const websiteLink = z.object({
  title: z
    .string()
    .trim()
    .min(1, encodeMessage('form.required', { label: 'website.linkTitle' }))
    .max(WEBSITE_LIMITS.linkTitle),
  url: address.refine((value) => value !== '', encodeMessage('form.required', { label: 'website.linkUrl' })),
});

/**
 * The tenant's welcome page: what a client saves. The answer's `updateTime`/`tenantId` may come back with it
 * (clients post back what they read) and are ignored; anything else is refused by name.
 */
export const websiteConfig = z.strictObject({
  title: z.string().trim().max(WEBSITE_LIMITS.title),
  banner: address,
  intro: z.string().max(WEBSITE_LIMITS.intro),
  links: z.array(websiteLink).max(WEBSITE_LIMITS.links),
  updateTime: z.string().nullable().optional(),
  tenantId: z.string().optional(),
});

export type WebsiteLink = z.infer<typeof websiteLink>;
export interface WebsiteConfig {
  title: string;
  banner: string;
  intro: string;
  links: WebsiteLink[];
  /** null while the tenant has never saved one (the page then greets the user). */
  updateTime: string | null;
}
