/**
 * A whole BPMN document from a process body: the diagram (every node a shape in a row, every flow an edge, boundary
 * events on their task) is made up so the model rules that want one are met.
 */
export function bpmnXml(processId: string, name: string, source: string): string {
  const body = withFlowRefs(source);
  const shapes: string[] = [];
  const edges: string[] = [];
  const at = new Map<string, { x: number; y: number; w: number; h: number }>();
  let column = 0;
  for (const match of body.matchAll(/<(\w+)\s+([^>]*?)\/?>/g)) {
    const [, tag = '', attrs = ''] = match;
    const attr = (n: string) => new RegExp(`${n}="([^"]+)"`).exec(attrs)?.[1];
    const id = attr('id');
    if (!id || tag === 'sequenceFlow' || tag === 'conditionExpression') {
      continue;
    }
    const isTask = /Task$/.test(tag);
    const isGateway = /Gateway$/.test(tag);
    const [w, h] = isTask ? [100, 80] : isGateway ? [50, 50] : [36, 36];
    const host = attr('attachedToRef');
    const box =
      host && at.get(host)
        ? { x: (at.get(host)?.x ?? 0) + 62, y: (at.get(host)?.y ?? 0) + 62, w, h }
        : { x: 100 + column++ * 180, y: 100 + (isTask ? 0 : (80 - h) / 2), w, h };
    at.set(id, box);
    shapes.push(
      `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${box.x}" y="${box.y}" width="${w}" height="${h}" /></bpmndi:BPMNShape>`,
    );
  }
  for (const match of body.matchAll(/<sequenceFlow\s+([^>]*?)\/?>/g)) {
    const attrs = match[1] ?? '';
    const attr = (n: string) => new RegExp(`${n}="([^"]+)"`).exec(attrs)?.[1] ?? '';
    const from = at.get(attr('sourceRef'));
    const to = at.get(attr('targetRef'));
    if (from && to) {
      edges.push(
        `<bpmndi:BPMNEdge id="${attr('id')}_di" bpmnElement="${attr('id')}"><di:waypoint x="${from.x + from.w}" y="${from.y + from.h / 2}" /><di:waypoint x="${to.x}" y="${to.y + to.h / 2}" /></bpmndi:BPMNEdge>`,
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:yuan="http://yuan-admin.dev/schema/bpmn"
  id="defs_${processId}" targetNamespace="http://yuan-admin.dev/bpmn">
  <process id="${processId}" name="${name}" isExecutable="true">
${body}
  </process>
  <bpmndi:BPMNDiagram id="diagram_${processId}"><bpmndi:BPMNPlane id="plane_${processId}" bpmnElement="${processId}">
${shapes.join('\n')}
${edges.join('\n')}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;
}

/** Each node names its incoming and outgoing flows, as modellers write them (the model rules read these). */
function withFlowRefs(body: string): string {
  const refs = new Map<string, string[]>();
  const add = (id: string, xml: string) => refs.set(id, [...(refs.get(id) ?? []), xml]);
  for (const match of body.matchAll(/<sequenceFlow\s+([^>]*?)\/?>/g)) {
    const attrs = match[1] ?? '';
    const attr = (n: string) => new RegExp(`${n}="([^"]+)"`).exec(attrs)?.[1] ?? '';
    add(attr('sourceRef'), `<outgoing>${attr('id')}</outgoing>`);
    add(attr('targetRef'), `<incoming>${attr('id')}</incoming>`);
  }
  const order = (xml: string[]) => [
    ...xml.filter((x) => x.startsWith('<incoming')),
    ...xml.filter((x) => x.startsWith('<outgoing')),
  ];
  return body.replace(
    /<(\w+)(\s+[^>]*?id="([^"]+)"[^>]*?)(\/?)>/g,
    (whole, tag: string, attrs: string, id: string, closed: string) => {
      const mine = refs.get(id);
      if (!mine || tag === 'sequenceFlow') {
        return whole;
      }
      const inner = order(mine).join('');
      return closed ? `<${tag}${attrs}>${inner}</${tag}>` : `<${tag}${attrs}>${inner}`;
    },
  );
}
