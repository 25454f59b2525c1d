import type { Variables } from './flowApi.ts';

export type VariablesResult =
  | { ok: true; variables: Variables | undefined }
  | { ok: false; reason: 'json'; detail: string }
  | { ok: false; reason: 'object' };

/**
 * Process variables typed as a JSON object. An empty text means none (nothing is sent); anything else must parse
 * and be an object, since the engine keys variables by name.
 */
export function parseVariables(text: string): VariablesResult {
  if (text.trim() === '') {
    return { ok: true, variables: undefined };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'json', detail: error instanceof Error ? error.message : String(error) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'object' };
  }
  return { ok: true, variables: value as Variables };
}

/** The message key of a refused text, for the form field's error. */
export function variablesProblem(result: VariablesResult): { key: string; detail?: string } | null {
  if (result.ok) {
    return null;
  }
  return result.reason === 'json'
    ? { key: 'flow.variables.notJson', detail: result.detail }
    : { key: 'flow.variables.notObject' };
}
