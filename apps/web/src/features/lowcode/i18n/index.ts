import { defineTexts } from '../../../shared/i18n/index.ts';
import { appPackage as enAppPackage } from './en-US/appPackage.ts';
import { erd as enErd } from './en-US/erd.ts';
import { gridDesign as enGridDesign } from './en-US/gridDesign.ts';
import { lowcode as enLowcode } from './en-US/lowcode.ts';
import { mindmap as enMindmap } from './en-US/mindmap.ts';
import { pageDesign as enPageDesign } from './en-US/pageDesign.ts';
import { sqlReport as enSqlReport } from './en-US/sqlReport.ts';
import { trigger as enTrigger } from './en-US/trigger.ts';
import { appPackage as zhAppPackage } from './zh-CN/appPackage.ts';
import { erd as zhErd } from './zh-CN/erd.ts';
import { gridDesign as zhGridDesign } from './zh-CN/gridDesign.ts';
import { lowcode as zhLowcode } from './zh-CN/lowcode.ts';
import { mindmap as zhMindmap } from './zh-CN/mindmap.ts';
import { pageDesign as zhPageDesign } from './zh-CN/pageDesign.ts';
import { sqlReport as zhSqlReport } from './zh-CN/sqlReport.ts';
import { trigger as zhTrigger } from './zh-CN/trigger.ts';

/** The texts of entities, designed pages and grids, ER diagram, mind maps, SQL editor, reports, triggers and app packages: they load with the domain's screens (see ../routes.ts). */
export const lowcodeTexts = defineTexts(
  {
    ...zhAppPackage,
    ...zhErd,
    ...zhGridDesign,
    ...zhLowcode,
    ...zhMindmap,
    ...zhPageDesign,
    ...zhSqlReport,
    ...zhTrigger,
  },
  {
    ...enAppPackage,
    ...enErd,
    ...enGridDesign,
    ...enLowcode,
    ...enMindmap,
    ...enPageDesign,
    ...enSqlReport,
    ...enTrigger,
  },
);
export type LowcodeTexts = typeof lowcodeTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    lowcode: LowcodeTexts;
  }
}
