import { encodeMessage } from '@yuan/contract';
import { AppError, badRequest, FieldError } from '../errors.ts';

/** Validates a body or query against a resource's schema; the first issue becomes the field's message. */
export function parseOrRefuse(
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: unknown } },
  v: unknown,
) {
  const result = schema.safeParse(v);
  if (result.success) {
    return result.data;
  }
  const issue = (
    result.error as { issues: { path: PropertyKey[]; message: string; code: string; keys?: string[] }[] }
  ).issues[0];
  if (!issue) {
    throw new AppError(400, 'error.badRequest');
  }
  const field = String(issue.path[0] ?? '');
  if (issue.code === 'unrecognized_keys') {
    throw new FieldError(field, encodeMessage('form.unknown', { field: (issue.keys ?? []).join(',') }));
  }
  if (!issue.message.startsWith('@')) {
    throw badRequest('error.validation', { field, detail: issue.message });
  }
  throw new FieldError(field, issue.message);
}

/** The id of a parsed body and the named fields it has: what a write of only those fields sends. */
export function pick(body: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = body.id === undefined ? {} : { id: body.id };
  for (const field of fields) {
    if (body[field] !== undefined) {
      out[field] = body[field];
    }
  }
  return out;
}
