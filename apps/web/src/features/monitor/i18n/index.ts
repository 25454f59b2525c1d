import { defineTexts } from '../../../shared/i18n/index.ts';
import { logView as enLogView } from './en-US/logView.ts';
import { logView as zhLogView } from './zh-CN/logView.ts';

/** The texts of the log screens: they load with the domain's screens (see ../routes.ts). */
export const monitorTexts = defineTexts({ ...zhLogView }, { ...enLogView });
export type MonitorTexts = typeof monitorTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    monitor: MonitorTexts;
  }
}
