import { isVariableExpression } from '@yuan/contract/flow/bpmn-expressions';
import type { BusinessObject, ModdleService } from './services.ts';

/** The `yuan:` attributes a user task carries (see yuanModdle in the contract). */
export const USER_TASK_ATTRS = [
  'yuan:assignee',
  'yuan:candidateUsers',
  'yuan:candidateGroups',
  'yuan:formPage',
] as const;
export const SERVICE_TASK_ATTR = 'yuan:service';

export type YuanAttr = (typeof USER_TASK_ATTRS)[number] | typeof SERVICE_TASK_ATTR;

/** Which group of fields the side panel shows for an element, beyond its name. */
export type PanelKind = 'userTask' | 'serviceTask' | 'sequenceFlow' | 'timer' | 'plain';

const TIMER = 'bpmn:TimerEventDefinition';

/** The timer definition of a timer event (start, intermediate or boundary), if it is one. */
export function timerOf(bo: BusinessObject): BusinessObject | undefined {
  return bo.eventDefinitions?.find((definition) => definition.$type === TIMER);
}

export function panelKind(bo: BusinessObject): PanelKind {
  switch (bo.$type) {
    case 'bpmn:UserTask':
      return 'userTask';
    case 'bpmn:ServiceTask':
      return 'serviceTask';
    case 'bpmn:SequenceFlow':
      return 'sequenceFlow';
    default:
      return timerOf(bo) ? 'timer' : 'plain';
  }
}

/** An attribute's text as the panel shows it ('' when absent). */
export function attrOf(bo: BusinessObject, name: YuanAttr | 'name'): string {
  const value = name === 'name' ? bo.name : bo.get(name);
  return typeof value === 'string' ? value : '';
}

/** What `modeling.updateProperties` gets for a typed attribute: an emptied field removes the attribute. */
export function attrPatch(name: YuanAttr | 'name', text: string): Record<string, string | undefined> {
  return { [name]: text === '' ? undefined : text };
}

/** The body of an expression object (a sequence flow's condition, a timer's duration). */
function bodyOf(expression: BusinessObject | null | undefined): string {
  return typeof expression?.body === 'string' ? expression.body : '';
}

export function conditionOf(bo: BusinessObject): string {
  return bodyOf(bo.conditionExpression);
}

/**
 * A sequence flow's condition as `bpmn:FormalExpression` (e.g. `${amount > 100}`); an empty text removes it, so
 * the flow is taken unconditionally again.
 */
export function conditionPatch(
  moddle: Pick<ModdleService, 'create'>,
  text: string,
): { conditionExpression: BusinessObject | undefined } {
  return {
    conditionExpression:
      text.trim() === '' ? undefined : moddle.create('bpmn:FormalExpression', { body: text }),
  };
}

export function durationOf(timer: BusinessObject): string {
  return bodyOf(timer.timeDuration);
}

/** A timer's duration (ISO 8601, e.g. PT5M) as `bpmn:FormalExpression`; an empty text removes it. */
export function durationPatch(
  moddle: Pick<ModdleService, 'create'>,
  text: string,
): { timeDuration: BusinessObject | undefined } {
  const value = text.trim();
  return { timeDuration: value === '' ? undefined : moddle.create('bpmn:FormalExpression', { body: value }) };
}

const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

/** True for an ISO 8601 duration such as P1D, PT5M or P1DT2H30M. */
export function isIsoDuration(text: string): boolean {
  return ISO_DURATION.test(text.trim());
}

/**
 * What a timer's duration may be: an ISO 8601 duration, or one process variable that holds one (`${delay}`,
 * `${variables.delay}`); the server refuses any other expression.
 */
export function isTimerDuration(text: string): boolean {
  return isIsoDuration(text) || isVariableExpression(text);
}

/**
 * A model key is also the id of the process: an XML name that the engine and the URLs can carry, so a letter or
 * `_` first, then letters, digits, `_`, `-` and `.`.
 */
export const MODEL_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** The process a diagram's root stands for: the root itself, or the first pool's process of a collaboration. */
export function processOf(root: BusinessObject): BusinessObject | undefined {
  if (root.$type === 'bpmn:Process') {
    return root;
  }
  return root.participants?.find((participant) => participant.processRef)?.processRef;
}
