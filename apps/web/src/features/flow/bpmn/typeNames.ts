import type { BusinessObject } from './services.ts';
import { bpmnText, hasBpmnText } from './translate.ts';

/** Each element type in bpmn-js's own wording, so the side panel names it as the replace menu does. */
const TYPE_WORDING: Record<string, string> = {
  'bpmn:StartEvent': 'Start event',
  'bpmn:EndEvent': 'End event',
  'bpmn:IntermediateCatchEvent': 'Intermediate catch event',
  'bpmn:IntermediateThrowEvent': 'Intermediate throw event',
  'bpmn:BoundaryEvent': 'Boundary event',
  'bpmn:Task': 'Task',
  'bpmn:UserTask': 'User task',
  'bpmn:ServiceTask': 'Service task',
  'bpmn:ScriptTask': 'Script task',
  'bpmn:SendTask': 'Send task',
  'bpmn:ReceiveTask': 'Receive task',
  'bpmn:ManualTask': 'Manual task',
  'bpmn:BusinessRuleTask': 'Business rule task',
  'bpmn:CallActivity': 'Call activity',
  'bpmn:SubProcess': 'Sub-process',
  'bpmn:AdHocSubProcess': 'Ad-hoc sub-process',
  'bpmn:Transaction': 'Transaction',
  'bpmn:ExclusiveGateway': 'Exclusive gateway',
  'bpmn:ParallelGateway': 'Parallel gateway',
  'bpmn:InclusiveGateway': 'Inclusive gateway',
  'bpmn:ComplexGateway': 'Complex gateway',
  'bpmn:EventBasedGateway': 'Event-based gateway',
  'bpmn:SequenceFlow': 'Sequence flow',
  'bpmn:MessageFlow': 'Message flow',
  'bpmn:Association': 'Association',
  'bpmn:DataInputAssociation': 'Data input association',
  'bpmn:DataOutputAssociation': 'Data output association',
  'bpmn:DataObjectReference': 'Data object reference',
  'bpmn:DataStoreReference': 'Data store reference',
  'bpmn:Participant': 'Pool/participant',
  'bpmn:Lane': 'Lane',
  'bpmn:Group': 'Group',
  'bpmn:TextAnnotation': 'Text annotation',
  'bpmn:Process': 'Process',
  'bpmn:Collaboration': 'Collaboration',
};

/** The first word of an event's wording by its definition, as in "Timer start event". */
const DEFINITION_WORD: Record<string, string> = {
  'bpmn:MessageEventDefinition': 'Message',
  'bpmn:TimerEventDefinition': 'Timer',
  'bpmn:ConditionalEventDefinition': 'Conditional',
  'bpmn:SignalEventDefinition': 'Signal',
  'bpmn:ErrorEventDefinition': 'Error',
  'bpmn:EscalationEventDefinition': 'Escalation',
  'bpmn:CompensateEventDefinition': 'Compensation',
  'bpmn:CancelEventDefinition': 'Cancel',
  'bpmn:LinkEventDefinition': 'Link',
  'bpmn:TerminateEventDefinition': 'Terminate',
};

/** The wording of an event with one definition ("Timer boundary event (non-interrupting)"), if it has one. */
function eventWording(bo: BusinessObject, base: string): string | undefined {
  const [definition, ...more] = bo.eventDefinitions ?? [];
  const word = definition && more.length === 0 ? DEFINITION_WORD[definition.$type] : undefined;
  if (!word) {
    return undefined;
  }
  // Each kind keeps the flag under its own name (a start event's only counts in an event sub-process).
  const interrupting =
    bo.$type === 'bpmn:BoundaryEvent'
      ? bo.get('cancelActivity') !== false
      : bo.$type !== 'bpmn:StartEvent' || bo.get('isInterrupting') !== false;
  return `${word} ${base.toLowerCase()}${interrupting ? '' : ' (non-interrupting)'}`;
}

/**
 * An element's type as the side panel names it, in the current language ("开始事件", "Timer start event"): an event
 * with one definition by the replace menu's finer name when there is one. A type the app has no name for shows
 * as its BPMN name without the prefix.
 */
export function typeName(bo: BusinessObject): string {
  const base = TYPE_WORDING[bo.$type];
  if (!base) {
    return bo.$type.replace(/^bpmn:/, '');
  }
  if (bo.$type === 'bpmn:SubProcess' && bo.get('triggeredByEvent') === true) {
    return bpmnText('Event sub-process');
  }
  const specific = eventWording(bo, base);
  return bpmnText(specific && hasBpmnText(specific) ? specific : base);
}
