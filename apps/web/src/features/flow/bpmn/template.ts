import { YUAN_BPMN_URI } from '@yuan/contract/flow/bpmn-yuan';

/** The process id of a new model until its key is chosen (the key becomes the id on save). */
export const NEW_PROCESS_ID = 'Process_1';
export const START_EVENT_ID = 'StartEvent_1';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The diagram a new model starts from: one executable process with a start event and its shape, so the modeller
 * opens on something to append to.
 */
export function newModelXml(processId = NEW_PROCESS_ID, name = ''): string {
  const id = escapeXml(processId);
  const nameAttr = name ? ` name="${escapeXml(name)}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:yuan="${YUAN_BPMN_URI}" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${id}"${nameAttr} isExecutable="true">
    <bpmn:startEvent id="${START_EVENT_ID}" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${id}">
      <bpmndi:BPMNShape id="${START_EVENT_ID}_di" bpmnElement="${START_EVENT_ID}">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** A file name for a model's XML download. */
export function xmlFileName(modelKey: string): string {
  const base = modelKey.trim().replace(/[^\w.-]+/g, '_');
  return `${base || 'process'}.bpmn20.xml`;
}
