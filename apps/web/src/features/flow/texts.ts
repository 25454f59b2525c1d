import type { Pair } from '@yuan/contract';
import { flowProcess as en } from './i18n/en-US/flowProcess.ts';
import { flowProcess as zh } from './i18n/zh-CN/flowProcess.ts';

export type FlowTextKey = keyof typeof zh;

/**
 * A column label of the flow lists as the zh/en pair the shared list page shows, taken from the texts of both
 * languages, so each label is written once, under its dotted key.
 */
export function pair(key: FlowTextKey): Pair {
  return [zh[key], en[key]];
}
