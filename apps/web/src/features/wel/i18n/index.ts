import { defineTexts } from '../../../shared/i18n/index.ts';
import { dashboard as enDashboard } from './en-US/dashboard.ts';
import { website as enWebsite } from './en-US/website.ts';
import { dashboard as zhDashboard } from './zh-CN/dashboard.ts';
import { website as zhWebsite } from './zh-CN/website.ts';

/** The texts of the welcome page and the dashboard: they load with the domain's screens (see ../routes.ts). */
export const welTexts = defineTexts({ ...zhDashboard, ...zhWebsite }, { ...enDashboard, ...enWebsite });
export type WelTexts = typeof welTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    wel: WelTexts;
  }
}
