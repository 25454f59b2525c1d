import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusinessObject } from './services.ts';
import { typeName } from './typeNames.ts';

afterEach(() => i18next.changeLanguage('zh'));

function bo(type: string, attrs: Record<string, unknown> = {}, definitions: string[] = []): BusinessObject {
  return {
    id: 'X',
    $type: type,
    get: (name) => attrs[name],
    eventDefinitions: definitions.map((definition) => ({ id: 'D', $type: definition, get: () => undefined })),
  };
}

describe('the name of an element type', () => {
  it('names the types in Chinese', () => {
    expect(typeName(bo('bpmn:StartEvent'))).toBe('开始事件');
    expect(typeName(bo('bpmn:EndEvent'))).toBe('结束事件');
    expect(typeName(bo('bpmn:UserTask'))).toBe('用户任务');
    expect(typeName(bo('bpmn:ServiceTask'))).toBe('服务任务');
    expect(typeName(bo('bpmn:ScriptTask'))).toBe('脚本任务');
    expect(typeName(bo('bpmn:Task'))).toBe('任务');
    expect(typeName(bo('bpmn:ExclusiveGateway'))).toBe('排他网关');
    expect(typeName(bo('bpmn:ParallelGateway'))).toBe('并行网关');
    expect(typeName(bo('bpmn:InclusiveGateway'))).toBe('包容网关');
    expect(typeName(bo('bpmn:EventBasedGateway'))).toBe('事件网关');
    expect(typeName(bo('bpmn:SubProcess'))).toBe('子流程');
    expect(typeName(bo('bpmn:SequenceFlow'))).toBe('顺序流');
    expect(typeName(bo('bpmn:Participant'))).toBe('泳池/参与者');
    expect(typeName(bo('bpmn:Group'))).toBe('分组');
    expect(typeName(bo('bpmn:DataObjectReference'))).toBe('数据对象');
    expect(typeName(bo('bpmn:DataStoreReference'))).toBe('数据存储');
    expect(typeName(bo('bpmn:BoundaryEvent'))).toBe('边界事件');
  });

  it('names the types in English', async () => {
    await i18next.changeLanguage('en');
    expect(typeName(bo('bpmn:StartEvent'))).toBe('Start event');
    expect(typeName(bo('bpmn:UserTask'))).toBe('User task');
    expect(typeName(bo('bpmn:ExclusiveGateway'))).toBe('Exclusive gateway');
    expect(typeName(bo('bpmn:SequenceFlow'))).toBe('Sequence flow');
  });

  it('names an event by its definition, and says when a boundary or sub-process start does not interrupt', async () => {
    const timer = ['bpmn:TimerEventDefinition'];
    expect(typeName(bo('bpmn:IntermediateCatchEvent', {}, timer))).toBe('定时中间捕获事件');
    expect(typeName(bo('bpmn:StartEvent', {}, ['bpmn:MessageEventDefinition']))).toBe('消息开始事件');
    expect(typeName(bo('bpmn:BoundaryEvent', { cancelActivity: false }, timer))).toBe(
      '定时边界事件（非中断）',
    );
    expect(typeName(bo('bpmn:BoundaryEvent', { cancelActivity: true }, timer))).toBe('定时边界事件');
    expect(typeName(bo('bpmn:StartEvent', { isInterrupting: false }, ['bpmn:SignalEventDefinition']))).toBe(
      '信号开始事件（非中断）',
    );
    expect(typeName(bo('bpmn:EndEvent', {}, ['bpmn:TerminateEventDefinition']))).toBe('终止结束事件');
    // No finer name for this combination: the type's own.
    expect(typeName(bo('bpmn:EndEvent', {}, timer))).toBe('结束事件');
    expect(typeName(bo('bpmn:SubProcess', { triggeredByEvent: true }))).toBe('事件子流程');
    await i18next.changeLanguage('en');
    expect(typeName(bo('bpmn:IntermediateCatchEvent', {}, timer))).toBe('Timer intermediate catch event');
  });

  it('shows a type it has no name for without the bpmn prefix', () => {
    expect(typeName(bo('bpmn:ImplicitThrowEvent'))).toBe('ImplicitThrowEvent');
    expect(typeName(bo('yuan:Custom'))).toBe('yuan:Custom');
  });
});
