import { defineTexts } from '../../../shared/i18n/index.ts';
import { languageText as enLanguageText } from './en-US/languageText.ts';
import { timeZone as enTimeZone } from './en-US/timeZone.ts';
import { languageText as zhLanguageText } from './zh-CN/languageText.ts';
import { timeZone as zhTimeZone } from './zh-CN/timeZone.ts';

/** The texts of time zone and language texts: they load with the domain's screens (see ../routes.ts). */
export const systemTexts = defineTexts(
  { ...zhLanguageText, ...zhTimeZone },
  { ...enLanguageText, ...enTimeZone },
);
export type SystemTexts = typeof systemTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    system: SystemTexts;
  }
}
