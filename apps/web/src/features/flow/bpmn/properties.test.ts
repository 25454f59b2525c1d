import { describe, expect, it } from 'vitest';
import {
  attrOf,
  attrPatch,
  conditionOf,
  conditionPatch,
  durationOf,
  durationPatch,
  isIsoDuration,
  isTimerDuration,
  MODEL_KEY_PATTERN,
  panelKind,
  processOf,
  timerOf,
} from './properties.ts';
import type { BusinessObject } from './services.ts';

/** A model object as bpmn-js hands it over: plain properties, `yuan:` attributes through `get`. */
function bo(
  type: string,
  props: Partial<BusinessObject> = {},
  attrs: Record<string, string> = {},
): BusinessObject {
  return { id: `${type}_1`, $type: type, get: (name) => attrs[name], ...props };
}

/** A condition in the engine's expression syntax, written as the user types it. */
const CONDITION = ['$', '{amount > 100}'].join('');

const moddle = {
  create: (type: string, attrs: Record<string, unknown> = {}) => ({ ...bo(type), ...attrs }),
};

describe('the side panel of the modeller', () => {
  it('offers the fields of each kind of element', () => {
    expect(panelKind(bo('bpmn:UserTask'))).toBe('userTask');
    expect(panelKind(bo('bpmn:ServiceTask'))).toBe('serviceTask');
    expect(panelKind(bo('bpmn:SequenceFlow'))).toBe('sequenceFlow');
    const timer = bo('bpmn:TimerEventDefinition');
    const catcher = bo('bpmn:IntermediateCatchEvent', { eventDefinitions: [timer] });
    expect(panelKind(catcher)).toBe('timer');
    expect(timerOf(catcher)).toBe(timer);
    expect(panelKind(bo('bpmn:StartEvent', { eventDefinitions: [bo('bpmn:MessageEventDefinition')] }))).toBe(
      'plain',
    );
    expect(panelKind(bo('bpmn:ExclusiveGateway'))).toBe('plain');
  });

  it('reads the yuan attributes and removes one that is emptied', () => {
    const task = bo('bpmn:UserTask', { name: 'Review' }, { 'yuan:candidateGroups': 'administrator' });
    expect(attrOf(task, 'name')).toBe('Review');
    expect(attrOf(task, 'yuan:candidateGroups')).toBe('administrator');
    expect(attrOf(task, 'yuan:assignee')).toBe('');
    expect(attrPatch('yuan:assignee', 'admin')).toEqual({ 'yuan:assignee': 'admin' });
    expect(attrPatch('yuan:assignee', '')).toEqual({ 'yuan:assignee': undefined });
  });

  it('writes a condition as a formal expression and an empty one as none', () => {
    const patch = conditionPatch(moddle, CONDITION);
    expect(patch.conditionExpression).toMatchObject({
      $type: 'bpmn:FormalExpression',
      body: CONDITION,
    });
    const flow = bo('bpmn:SequenceFlow', { conditionExpression: patch.conditionExpression });
    expect(conditionOf(flow)).toBe(CONDITION);
    expect(conditionPatch(moddle, '  ')).toEqual({ conditionExpression: undefined });
    expect(conditionOf(bo('bpmn:SequenceFlow'))).toBe('');
  });

  it('writes a timer duration as a formal expression and knows an ISO 8601 duration', () => {
    const patch = durationPatch(moddle, ' PT5M ');
    expect(patch.timeDuration).toMatchObject({ $type: 'bpmn:FormalExpression', body: 'PT5M' });
    expect(durationOf(bo('bpmn:TimerEventDefinition', { timeDuration: patch.timeDuration }))).toBe('PT5M');
    expect(durationPatch(moddle, '')).toEqual({ timeDuration: undefined });
    for (const ok of ['PT5M', 'P1D', 'P1DT2H30M', 'PT0.5S', 'P2W']) {
      expect(isIsoDuration(ok), ok).toBe(true);
    }
    for (const bad of ['P', 'PT', '5M', 'PT5', 'P1H', 'later']) {
      expect(isIsoDuration(bad), bad).toBe(false);
    }
    // A timer may also name the process variable that holds its duration, and nothing more.
    for (const ok of ['PT5M', `\${delay}`, `\${variables.delay}`]) {
      expect(isTimerDuration(ok), ok).toBe(true);
    }
    for (const bad of [`\${delay()}`, `\${environment.variables.delay}`, `P\${days}D`, 'later']) {
      expect(isTimerDuration(bad), bad).toBe(false);
    }
  });

  it('takes a model key that can be the process id', () => {
    for (const ok of ['leave', 'Leave_2', '_x', 'a.b-c']) {
      expect(MODEL_KEY_PATTERN.test(ok), ok).toBe(true);
    }
    for (const bad of ['2leave', 'leave request', '请假', '', 'a'.repeat(65)]) {
      expect(MODEL_KEY_PATTERN.test(bad), bad).toBe(false);
    }
  });

  it('finds the process of a plain diagram and of a collaboration', () => {
    const process = bo('bpmn:Process');
    expect(processOf(process)).toBe(process);
    const pool = { ...bo('bpmn:Participant'), processRef: process };
    expect(processOf(bo('bpmn:Collaboration', { participants: [pool] }))).toBe(process);
    expect(processOf(bo('bpmn:Collaboration', { participants: [] }))).toBeUndefined();
  });
});
