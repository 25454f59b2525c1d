import { dashboard as enDashboard } from './en-US/dashboard.ts';
import { addTexts } from './index.ts';
import { dashboard as zhDashboard } from './zh-CN/dashboard.ts';

/** The dashboard's texts, loaded with its chunk (see lowcodeTexts.ts for why areas do not load at start). */
export const dashboardTexts = { zh: zhDashboard, en: enDashboard };
export type DashboardTexts = typeof dashboardTexts.zh;

addTexts(dashboardTexts.zh, dashboardTexts.en);
