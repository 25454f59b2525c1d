import { DEFAULT_TENANT_ID } from '@yuan/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { settle } from '../lib/maybe.ts';
import { maskedParams } from './log-secrets.ts';

/** A finished call as the API log keeps it. */
export interface ApiCall {
  tenantId: string;
  method: string;
  uri: string;
  params: string;
  status: number;
  ms: number;
  ip: string;
  userAgent: string;
  account: string;
}

/** A server exception as the error log keeps it (the stack stays on the server). */
export interface ServerError {
  tenantId: string;
  method: string;
  uri: string;
  ip: string;
  userAgent: string;
  account: string;
  error: unknown;
}

/** Where the app's logs go: the log module's writer, buffered off the request path. */
export interface CallLog {
  apiCall(entry: ApiCall): void;
  exception(entry: ServerError): void;
  start(): void;
  stop(): Promise<void>;
  flush(): Promise<void>;
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    logs: CallLog;
  }
}

const TENANT = /^[0-9A-Za-z]{1,12}$/;

/** The tenant a call belongs to: the caller's, else the one it names (a sign-in), else the platform. */
export function tenantOfCall(request: FastifyRequest): string {
  if (request.auth) {
    return request.auth.tenantId;
  }
  const named = (request.query as { tenantId?: unknown } | undefined)?.tenantId;
  return typeof named === 'string' && TENANT.test(named) ? named : DEFAULT_TENANT_ID;
}

export type ApiLogPolicy = 'writes' | 'all' | 'off';

/** Whether a finished call is kept: a read-only server must not write a row for each read it serves. */
function kept(policy: ApiLogPolicy, request: FastifyRequest, status: number): boolean {
  if (policy !== 'writes') {
    return policy === 'all';
  }
  const mark = request.routeOptions.config?.log;
  const reads = request.method === 'GET' || request.method === 'HEAD' || mark === 'read';
  return !reads || status >= 400 || mark === 'always';
}

/**
 * API calls land in the API log after their response (path, parameters with their secret fields masked, status,
 * time, caller): by default
 * (API_LOG=writes) the calls that may change data and the failed ones; `all` keeps reads too, `off` none.
 */
export function registerApiLog(app: FastifyInstance, logs: CallLog, policy: ApiLogPolicy) {
  app.decorate('logs', logs);
  const record = (request: FastifyRequest, reply: FastifyReply): void => {
    const path = request.url.split('?')[0] ?? '';
    if (
      !path.startsWith('/api/') ||
      path.startsWith('/api/docs') ||
      path === '/api/health' ||
      path === '/api/ready'
    ) {
      return;
    }
    if (!kept(policy, request, reply.statusCode)) {
      return;
    }
    const params = JSON.stringify(maskedParams(request)) ?? '';
    const ua = request.headers['user-agent'];
    logs.apiCall({
      tenantId: tenantOfCall(request),
      method: request.method,
      uri: path,
      params,
      status: reply.statusCode,
      ms: reply.elapsedTime,
      ip: request.ip,
      userAgent: typeof ua === 'string' ? ua : '',
      account: request.auth?.account ?? '',
    });
  };
  app.addHook('onResponse', (request, reply, done) => settle(() => record(request, reply), done));
  app.stops.add('logs', 'log writer', () => logs.stop());
}
