import { flow as enFlow } from './en-US/flow.ts';
import { flowProcess as enFlowProcess } from './en-US/flowProcess.ts';
import { addTexts } from './index.ts';
import { flow as zhFlow } from './zh-CN/flow.ts';
import { flowProcess as zhFlowProcess } from './zh-CN/flowProcess.ts';

/** The flow screens' texts, loaded with their chunk (as the low-code ones are, see lowcodeTexts.ts). */
export const flowTexts = { zh: { ...zhFlow, ...zhFlowProcess }, en: { ...enFlow, ...enFlowProcess } };
export type FlowTexts = typeof flowTexts.zh;

addTexts(flowTexts.zh, flowTexts.en);
