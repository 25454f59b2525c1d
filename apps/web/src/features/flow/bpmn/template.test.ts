import { YUAN_BPMN_URI } from '@yuan/contract/flow/bpmn-yuan';
import { describe, expect, it } from 'vitest';
import { NEW_PROCESS_ID, newModelXml, START_EVENT_ID, xmlFileName } from './template.ts';

const BPMN = 'http://www.omg.org/spec/BPMN/20100524/MODEL';
const DI = 'http://www.omg.org/spec/BPMN/20100524/DI';

function parse(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

describe('the template of a new model', () => {
  it('holds one executable process with a start event and its shape', () => {
    const doc = parse(newModelXml());
    const processes = doc.getElementsByTagNameNS(BPMN, 'process');
    expect(processes).toHaveLength(1);
    expect(processes[0]?.getAttribute('id')).toBe(NEW_PROCESS_ID);
    expect(processes[0]?.getAttribute('isExecutable')).toBe('true');
    expect(processes[0]?.getElementsByTagNameNS(BPMN, 'startEvent')[0]?.getAttribute('id')).toBe(
      START_EVENT_ID,
    );
    const plane = doc.getElementsByTagNameNS(DI, 'BPMNPlane')[0];
    expect(plane?.getAttribute('bpmnElement')).toBe(NEW_PROCESS_ID);
    expect(doc.getElementsByTagNameNS(DI, 'BPMNShape')[0]?.getAttribute('bpmnElement')).toBe(START_EVENT_ID);
    expect(doc.documentElement.getAttribute('xmlns:yuan')).toBe(YUAN_BPMN_URI);
  });

  it('escapes a given id and name', () => {
    const doc = parse(newModelXml('leave', 'Leave <"&"> request'));
    const process = doc.getElementsByTagNameNS(BPMN, 'process')[0];
    expect(process?.getAttribute('name')).toBe('Leave <"&"> request');
  });

  it('names the download after the model key', () => {
    expect(xmlFileName('leave')).toBe('leave.bpmn20.xml');
    expect(xmlFileName(' my key/2 ')).toBe('my_key_2.bpmn20.xml');
    expect(xmlFileName('')).toBe('process.bpmn20.xml');
  });
});
