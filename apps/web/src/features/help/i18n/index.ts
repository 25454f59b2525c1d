import { defineTexts } from '../../../shared/i18n/index.ts';
import { help as enHelp } from './en-US/help.ts';
import { help as zhHelp } from './zh-CN/help.ts';

/** The texts of the operation guide: help dialog player and help-video screen: they load with the domain's screens (see ../routes.ts). */
export const helpTexts = defineTexts({ ...zhHelp }, { ...enHelp });
export type HelpTexts = typeof helpTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    help: HelpTexts;
  }
}
