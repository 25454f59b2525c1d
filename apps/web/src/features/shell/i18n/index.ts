import { defineTexts } from '../../../shared/i18n/index.ts';
import { misc as enMisc } from './en-US/misc.ts';
import { misc as zhMisc } from './zh-CN/misc.ts';

/** The texts of the download and test pages: they load with the domain's screens (see ../routes.ts). */
export const shellTexts = defineTexts({ ...zhMisc }, { ...enMisc });
export type ShellTexts = typeof shellTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    shell: ShellTexts;
  }
}
