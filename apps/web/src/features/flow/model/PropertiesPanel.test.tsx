import { fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { stubLayout } from '../../../test/schemaForm.tsx';
import type { BusinessObject, Diagram, DiagramElement, ServiceMap } from '../bpmn/services.ts';
import { PropertiesPanel } from './PropertiesPanel.tsx';

initI18n();
// The condition is a text area that sizes itself, which needs a layout jsdom does not have.
beforeEach(stubLayout);
afterEach(() => i18next.changeLanguage('zh'));

function element(type: string, props: Partial<BusinessObject> = {}): DiagramElement {
  const attrs: Record<string, unknown> = {};
  const bo: BusinessObject = { id: 'X_1', $type: type, get: (name) => attrs[name], ...props };
  return { id: 'X_1', type, businessObject: bo };
}

/** A diagram whose modeling and moddle only record what the panel asks of them. */
function fakeDiagram() {
  const modeling = { updateProperties: vi.fn(), updateModdleProperties: vi.fn() };
  const moddle = {
    create: (type: string, attrs: Record<string, unknown> = {}) => ({ $type: type, ...attrs }),
  };
  const services = { modeling, moddle } as unknown as ServiceMap;
  const diagram: Diagram = { get: (name) => services[name] };
  return { diagram, modeling };
}

describe('the side panel of the modeller', () => {
  it('asks to choose an element while none is selected', () => {
    renderInApp(<PropertiesPanel diagram={fakeDiagram().diagram} element={null} revision={0} />);
    expect(screen.getByText('在图上选择一个元素，编辑它的属性')).toBeTruthy();
  });

  it('names the selected element’s type in Chinese, not as its BPMN type', () => {
    const { diagram } = fakeDiagram();
    const { rerender } = renderInApp(
      <PropertiesPanel diagram={diagram} element={element('bpmn:StartEvent')} revision={0} />,
    );
    expect(screen.getByTestId('flow-prop-type').textContent).toBe('开始事件');
    rerender(<PropertiesPanel diagram={diagram} element={element('bpmn:UserTask')} revision={0} />);
    expect(screen.getByTestId('flow-prop-type').textContent).toBe('用户任务');
    rerender(<PropertiesPanel diagram={diagram} element={element('bpmn:ExclusiveGateway')} revision={0} />);
    expect(screen.getByTestId('flow-prop-type').textContent).toBe('排他网关');
    rerender(<PropertiesPanel diagram={diagram} element={element('bpmn:SequenceFlow')} revision={0} />);
    expect(screen.getByTestId('flow-prop-type').textContent).toBe('顺序流');
    expect(screen.queryByText(/SequenceFlow/)).toBeNull();
  });

  it('names the selected element’s type in English', async () => {
    await i18next.changeLanguage('en');
    const { diagram } = fakeDiagram();
    const { rerender } = renderInApp(
      <PropertiesPanel diagram={diagram} element={element('bpmn:StartEvent')} revision={0} />,
    );
    expect(screen.getByTestId('flow-prop-type').textContent).toBe('Start event');
    rerender(<PropertiesPanel diagram={diagram} element={element('bpmn:UserTask')} revision={0} />);
    expect(screen.getByTestId('flow-prop-type').textContent).toBe('User task');
  });

  it('writes a user task’s name, and its candidate groups as its yuan attribute', () => {
    const { diagram, modeling } = fakeDiagram();
    const task = element('bpmn:UserTask');
    renderInApp(<PropertiesPanel diagram={diagram} element={task} revision={0} />);
    fireEvent.change(screen.getByTestId('flow-prop-candidateGroups'), { target: { value: 'administrator' } });
    expect(modeling.updateProperties).toHaveBeenLastCalledWith(task, {
      'yuan:candidateGroups': 'administrator',
    });
    fireEvent.change(screen.getByTestId('flow-prop-name'), { target: { value: '审批' } });
    expect(modeling.updateProperties).toHaveBeenLastCalledWith(task, { name: '审批' });
    expect(screen.queryByTestId('flow-prop-condition')).toBeNull();
  });

  it('writes a sequence flow’s condition as a formal expression', () => {
    const { diagram, modeling } = fakeDiagram();
    const flow = element('bpmn:SequenceFlow');
    renderInApp(<PropertiesPanel diagram={diagram} element={flow} revision={0} />);
    const condition = ['$', '{days > 3}'].join('');
    fireEvent.change(screen.getByTestId('flow-prop-condition'), { target: { value: condition } });
    expect(modeling.updateProperties).toHaveBeenLastCalledWith(flow, {
      conditionExpression: { $type: 'bpmn:FormalExpression', body: condition },
    });
  });

  it('writes a timer’s duration on its definition and flags one that is not ISO 8601', () => {
    const { diagram, modeling } = fakeDiagram();
    const timer: BusinessObject = {
      id: 'T',
      $type: 'bpmn:TimerEventDefinition',
      get: () => undefined,
      timeDuration: { id: 'E', $type: 'bpmn:FormalExpression', body: '5 minutes', get: () => undefined },
    };
    const event = element('bpmn:IntermediateCatchEvent', { eventDefinitions: [timer] });
    renderInApp(<PropertiesPanel diagram={diagram} element={event} revision={0} />);
    expect(
      screen.getByText(`不是有效的 ISO 8601 时长（例如 PT5M）或流程变量（例如 \${delay}）`),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('flow-prop-duration'), { target: { value: 'PT5M' } });
    expect(modeling.updateModdleProperties).toHaveBeenLastCalledWith(event, timer, {
      timeDuration: { $type: 'bpmn:FormalExpression', body: 'PT5M' },
    });
  });
});
