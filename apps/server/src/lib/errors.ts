import type { MessageKey } from '@yuan/contract';

/** A failure the caller can act on: HTTP status plus a message key rendered in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** What the caller needs to fix it (e.g. an import's refused rows); sent as the envelope's data. */
    readonly data?: unknown,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey = 'error.badRequest', params?: Record<string, string | number>) =>
  new AppError(400, key, params);
export const unauthorized = (key: MessageKey = 'error.unauthorized') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'error.forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'error.notFound') => new AppError(404, key);

/** OAuth token endpoint failure: `{error, error_description}` instead of the envelope. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 502,
    readonly error: string,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** Fields answered beside `error` and `error_description` (the second sign-in step's token and methods). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/** The token endpoint's refusal of a grant (bad credentials, spent code, disabled account...). */
export const invalidGrant = (key: MessageKey, params?: Record<string, string | number>) =>
  new OAuthError(400, 'invalid_grant', key, params);

/** A token-endpoint parameter that is absent (or too long to be real). */
export const missingParam = (name: string) =>
  new OAuthError(400, 'invalid_request', 'auth.missingParam', { name });

/** A failed rule on one field, with an encoded form message (see contract form-messages). */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    readonly encoded: string,
    /** Where in a nested value (e.g. `formJson.column.1.type`), when the message alone cannot say which part. */
    readonly path?: string,
  ) {
    super(encoded);
  }
}
