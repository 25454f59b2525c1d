import { defineTexts } from '../../../shared/i18n/index.ts';
import { bpmnModeler as enBpmnModeler } from './en-US/bpmnModeler.ts';
import { flow as enFlow } from './en-US/flow.ts';
import { flowProcess as enFlowProcess } from './en-US/flowProcess.ts';
import { scheduled as enScheduled } from './en-US/scheduled.ts';
import { bpmnModeler as zhBpmnModeler } from './zh-CN/bpmnModeler.ts';
import { flow as zhFlow } from './zh-CN/flow.ts';
import { flowProcess as zhFlowProcess } from './zh-CN/flowProcess.ts';
import { scheduled as zhScheduled } from './zh-CN/scheduled.ts';

/** The texts of processes, flow services and the scheduled-tasks calendar: they load with the domain's screens (see ../routes.ts). */
export const flowTexts = defineTexts(
  { ...zhFlow, ...zhFlowProcess, ...zhBpmnModeler, ...zhScheduled },
  { ...enFlow, ...enFlowProcess, ...enBpmnModeler, ...enScheduled },
);
export type FlowTexts = typeof flowTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    flow: FlowTexts;
  }
}
