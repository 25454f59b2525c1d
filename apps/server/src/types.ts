import type { Language } from '@yuan/contract';

/** Who is calling: filled by the auth plugin from a verified access token. */
export interface AuthContext {
  tenantId: string;
  userId: string;
  account: string;
  /** Role aliases, e.g. ['administrator']. */
  roleNames: string[];
  roleIds: string[];
  deptId: string;
  sessionId: string;
  clientId: string;
  /** The call this caller makes (X-Request-Id), when it is an HTTP call: recorded with the changes it makes. */
  requestId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
    /**
     * Guest sessions (an unlinked third-party sign-in) may call this route. On a public route it also means a token,
     * when sent, is verified and known to the handler.
     */
    guest?: boolean;
    /** Failures use the OAuth shape `{error, error_description}` instead of the envelope. */
    oauth?: boolean;
    /** 'manual': the handler opens its own tenant scopes instead of running in one per request. */
    scope?: 'manual';
    /** Menu or button code(s) the caller's roles must have been granted (any of a list); a function reads it from the request. */
    perm?: string | string[] | ((request: import('fastify').FastifyRequest) => string | string[]);
    /**
     * The API log (API_LOG=writes) keeps calls that may change data and failed calls: `log: 'read'` marks a POST that
     * only reads (it is left out like a GET), `log: 'always'` a read worth keeping (e.g. an export).
     */
    log?: 'read' | 'always';
    /**
     * A route that reads its parameters itself, from the query string and the body alike (the OAuth endpoints),
     * declares them here: the logs mask its secret fields in both. Other routes' validation schemas do this.
     */
    paramsSchema?: import('zod').ZodType;
  }
}
