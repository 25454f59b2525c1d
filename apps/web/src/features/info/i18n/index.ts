import { defineTexts } from '../../../shared/i18n/index.ts';
import { loginLog as enLoginLog } from './en-US/loginLog.ts';
import { profile as enProfile } from './en-US/profile.ts';
import { loginLog as zhLoginLog } from './zh-CN/loginLog.ts';
import { profile as zhProfile } from './zh-CN/profile.ts';

/** The texts of the profile, password and the user's own login log: they load with the domain's screens (see ../routes.ts). */
export const infoTexts = defineTexts({ ...zhLoginLog, ...zhProfile }, { ...enLoginLog, ...enProfile });
export type InfoTexts = typeof infoTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    info: InfoTexts;
  }
}
