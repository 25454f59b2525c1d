import { scheduled as enScheduled } from './en-US/scheduled.ts';
import { addTexts } from './index.ts';
import { scheduled as zhScheduled } from './zh-CN/scheduled.ts';

/** The scheduled-tasks calendar's texts, loaded with its chunk (as the flow ones are, see flowTexts.ts). */
export const scheduledTexts = { zh: zhScheduled, en: enScheduled };
export type ScheduledTexts = typeof scheduledTexts.zh;

addTexts(scheduledTexts.zh, scheduledTexts.en);
