/** A shape of a diagram, centred on y = 100. */
export const shape = (id: string, x: number, width = 36, height = 36) =>
  `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${100 - height / 2}" width="${width}" height="${height}" /></bpmndi:BPMNShape>`;

/** A straight edge of a diagram along y = 100. */
export const edge = (id: string, from: number, to: number) =>
  `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}"><di:waypoint x="${from}" y="100" /><di:waypoint x="${to}" y="100" /></bpmndi:BPMNEdge>`;

/** A .bpmn document: one process (its elements in `body`) and its diagram (shapes and edges in `diagram`). */
export function bpmnDocument(key: string, name: string, body: string, diagram: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:yuan="http://yuan-admin.dev/schema/bpmn" id="Defs" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="${name}" isExecutable="true">
${body}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram"><bpmndi:BPMNPlane id="Plane" bpmnElement="${key}">
    ${diagram}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}
