import { describe, expect, it } from 'vitest';
import { codeProblem, phoneProblem } from './phoneRules.ts';

describe('phone rules (SPEC §5)', () => {
  it('checks presence, then length, then the format', () => {
    expect(phoneProblem('  ')).toBe('login.phoneEmpty');
    expect(phoneProblem('1380013800')).toBe('login.phoneLength');
    expect(phoneProblem('138001380001')).toBe('login.phoneLength');
    expect(phoneProblem('23800138000')).toBe('login.phoneFormat');
    expect(phoneProblem('1380013800a')).toBe('login.phoneFormat');
    expect(phoneProblem(' 13800138000 ')).toBeNull();
  });

  it('wants six digits for a code', () => {
    expect(codeProblem('')).toBe('login.codeRequired');
    expect(codeProblem('12345')).toBe('login.codeRequired');
    expect(codeProblem('12345a')).toBe('login.codeRequired');
    expect(codeProblem('1234567')).toBe('login.codeRequired');
    expect(codeProblem(' 123456 ')).toBeNull();
  });
});
