import { describe, expect, it } from 'vitest';
import { deploymentIdsOf, isProcessFile } from './deployments.ts';

describe('deployments', () => {
  it('accepts .bpmn and .bpmn20.xml files only', () => {
    expect(isProcessFile('leave.bpmn')).toBe(true);
    expect(isProcessFile('Leave.BPMN20.XML')).toBe(true);
    expect(isProcessFile('leave.xml')).toBe(false);
    expect(isProcessFile('leave.bpmn.txt')).toBe(false);
  });

  it('deletes each deployment once, whichever of its versions were chosen', () => {
    expect(
      deploymentIdsOf([
        { deploymentId: 'd1' },
        { deploymentId: 'd2' },
        { deploymentId: 'd1' },
        { deploymentId: '' },
      ]),
    ).toEqual(['d1', 'd2']);
  });
});
