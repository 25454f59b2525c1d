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
 * A statement the server refused in a way the caller is told of: cancelled on the statement timeout (or by an
 * operator), answered 503; or stopped by an integrity rule of the table, answered 400 naming it. Anything else is
 * an unexpected failure. The SQL editor turns its own timeouts into its own message before this is asked.
 */
export function refusedStatement(error: unknown): AppError | undefined {
  const { code, severity, constraint } = (error ?? {}) as {
    code?: unknown;
    severity?: unknown;
    constraint?: unknown;
  };
  if (typeof severity !== 'string' || typeof code !== 'string') {
    return undefined;
  }
  if (code === STATEMENT_TIMEOUT) {
    return new AppError(503, 'db.timeout');
  }
  // An integrity rule of the table that the product's own checks did not know (a table changed outside it): the
  // data is refused, naming the rule, rather than answered as the server's own failure.
  return code.startsWith('23')
    ? new AppError(400, 'db.constraint', { name: typeof constraint === 'string' ? constraint : code })
    : undefined;
}
