import { describe, expect, it } from 'vitest';
import { parseVariables, variablesProblem } from './variables.ts';

describe('process variables typed as JSON', () => {
  it('takes an empty text as no variables', () => {
    expect(parseVariables('  ')).toEqual({ ok: true, variables: undefined });
  });

  it('takes a JSON object', () => {
    expect(parseVariables('{"amount": 120, "approved": true}')).toEqual({
      ok: true,
      variables: { amount: 120, approved: true },
    });
  });

  it('refuses text that is not JSON, and JSON that is not an object', () => {
    const broken = parseVariables('{"amount": ');
    expect(broken.ok).toBe(false);
    expect(variablesProblem(broken)?.key).toBe('flow.variables.notJson');
    for (const text of ['[1, 2]', '42', 'null', '"text"']) {
      expect(variablesProblem(parseVariables(text))).toEqual({ key: 'flow.variables.notObject' });
    }
    expect(variablesProblem(parseVariables('{}'))).toBeNull();
  });
});
