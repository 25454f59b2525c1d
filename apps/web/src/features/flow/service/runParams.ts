/** Why the parameters typed for a run cannot be sent, or the object to send. */
export type ParsedParams =
  | { ok: true; params: Record<string, unknown> }
  | { ok: false; reason: 'json'; detail: string }
  | { ok: false; reason: 'object' };

/**
 * The run dialog's parameter text as the object a script gets as `params`. Empty text means no parameters; the
 * server takes an object only, so an array, a number or null is refused here with a clear reason.
 */
export function parseRunParams(text: string): ParsedParams {
  if (text.trim() === '') {
    return { ok: true, params: {} };
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
  return { ok: true, params: value as Record<string, unknown> };
}

/** A script's result as readable text: JSON, indented; `undefined` (no return) is told apart by the caller. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value);
  }
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
