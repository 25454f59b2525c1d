import { AppError } from '../lib/errors.ts';

/**
 * Why the database could not serve a call: no connection came free within the wait limit (`wait`); a new one was
 * not made within the connect timeout or was refused (`connect`); the connection was lost while in use (`lost`);
 * the server stopped answering a statement (`silent`).
 */
export type Unavailability = 'wait' | 'connect' | 'lost' | 'silent';

/**
 * The database could not serve the call now: answered 503 with a message that says to try again shortly, never a
 * hang and never a 500. An AppError, so the code between the pool and the envelope passes it on as it is.
 */
export class DatabaseUnavailable extends AppError {
  constructor(
    readonly reason: Unavailability,
    cause?: unknown,
  ) {
    super(503, reason === 'wait' ? 'db.busy' : 'db.unavailable');
    this.cause = cause;
  }
}

const STATEMENT_TIMEOUT = '57014';

/**
 * A statement the server cancelled on the statement timeout (or an operator's cancel): answered 503 rather than
 * as an unexpected failure. The SQL editor turns its own timeouts into its own message before this is asked.
 */
export function cancelledStatement(error: unknown): AppError | undefined {
  const { code, severity } = (error ?? {}) as { code?: unknown; severity?: unknown };
  return code === STATEMENT_TIMEOUT && typeof severity === 'string'
    ? new AppError(503, 'db.timeout')
    : undefined;
}
