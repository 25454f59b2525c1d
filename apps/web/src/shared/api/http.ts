import type { R } from '@yuan/contract';
// Values come from the constants module only: the package root also loads zod, which the login page must not pay for.
import {
  ANSWERED_STATUS_MAX,
  ANSWERED_STATUS_MIN,
  DUPLICATE_GUARD_MS,
  HEADERS,
  PROGRESS_STREAM_TYPE,
  REQUEST_TIMEOUT_MS,
} from '@yuan/contract/constants';
import { getToken } from '../auth/token.ts';
import { getAppConfig } from '../config/appConfig.ts';
import { translate } from '../i18n/index.ts';
import { acceptLanguage, getLanguage } from '../i18n/language.ts';
import { toastError } from '../ui/feedback.ts';

export type ParamValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, ParamValue>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send Blade-Auth when a token exists (default true). */
  auth?: boolean;
  /** No error toast (SPEC §8: the email registration call). */
  silent?: boolean;
  /** Apply the 3 s duplicate guard; on by default for writes. */
  guard?: boolean;
  timeoutMs?: number;
}

/** Rejection of every failed call; `status` is the HTTP status, `code` the envelope or OAuth code. */
export class RequestError extends Error {
  readonly status: number;
  readonly code: number;
  readonly body: unknown;
  constructor(message: string, status: number, code: number, body: unknown) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** Codes that reject without a toast (the caller handles them). */
export const statusWhiteList: number[] = [];

let unauthorizedHandler: () => void = () => undefined;

/** The app registers the forced logout + /login navigation here (keeps this module free of stores). */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

const recent = new Map<string, number>();
const inflight = new Map<string, Promise<unknown>>();

/** Clears the duplicate guard; used by tests. */
export function resetRequestGuards(): void {
  recent.clear();
  inflight.clear();
}

export function buildUrl(url: string, params?: Record<string, ParamValue>): string {
  const base =
    url.startsWith('/api') || /^https?:/.test(url) ? url : `/api${url.startsWith('/') ? '' : '/'}${url}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) {
      search.append(key, String(value));
    }
  }
  const query = search.toString();
  if (!query) {
    return base;
  }
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

export function basicAuth(): string {
  const { clientId, clientSecret } = getAppConfig();
  return `Basic ${btoa(`${clientId}:${clientSecret}`)}`;
}

export function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers({ Accept: 'application/json', Authorization: basicAuth() });
  headers.set('Accept-Language', acceptLanguage(getLanguage()));
  const token = getToken();
  if (token && options.auth !== false) {
    headers.set(HEADERS.auth, `bearer ${token}`);
  }
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
  }
  for (const [key, value] of Object.entries(options.headers ?? {})) {
    headers.set(key, value);
  }
  return headers;
}

interface ErrorBody {
  code?: number;
  error_code?: number;
  msg?: string;
  error_description?: string;
}

function asErrorBody(body: unknown): ErrorBody {
  return typeof body === 'object' && body !== null ? (body as ErrorBody) : {};
}

/** SPEC §8: server msg, else error_description, else 未知错误. */
export function errorMessage(body: unknown): string {
  const parsed = asErrorBody(body);
  return parsed.msg || parsed.error_description || translate('request.unknownError');
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fail(message: string, status: number, code: number, body: unknown, silent?: boolean): never {
  if (!silent && !statusWhiteList.includes(code)) {
    toastError(message);
  }
  throw new RequestError(message, status, code, body);
}

/**
 * Checks an answer that did not come through `request` (an upload read line by line): a 401 signs out, any other
 * failure rejects with the server's message (and a toast unless silent).
 */
export function checkAnswer(status: number, body: unknown, silent?: boolean): void {
  const parsed = asErrorBody(body);
  const code = parsed.error_code || parsed.code || status;
  if (code === 401 || status === 401) {
    unauthorizedHandler();
  }
  if (code !== 200 || status !== 200) {
    fail(errorMessage(body), status, code, body, silent);
  }
}

async function send(url: string, options: RequestOptions): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: buildHeaders(options),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    const timedOut = controller.signal.aborted;
    fail(translate(timedOut ? 'request.timeout' : 'request.network'), 0, 0, String(error), options.silent);
  } finally {
    clearTimeout(timer);
  }
  const body = await parseBody(response);
  const status = response.status;
  if (status < ANSWERED_STATUS_MIN || status > ANSWERED_STATUS_MAX) {
    fail(errorMessage(body), status, status, body, options.silent);
  }
  const parsed = asErrorBody(body);
  const code = parsed.error_code || parsed.code || status;
  if (statusWhiteList.includes(code)) {
    throw new RequestError(errorMessage(body), status, code, body);
  }
  if ((body as { error?: unknown } | null)?.error === 'mfa_required') {
    // A right password that needs a second step: the sign-in form asks for it; no toast, no forced sign-out.
    throw new RequestError(errorMessage(body), status, code, body);
  }
  checkAnswer(status, body, options.silent);
  return body;
}

/**
 * One request with the rules of SPEC §6/§8/§9. Identical writes within 3 s are refused with 您的操作过于频繁，请稍后再试;
 * identical GETs in flight share one network call instead (queries may ask twice while mounting).
 */
export function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const fullUrl = buildUrl(url, options.params);
  const key = `${method} ${fullUrl} ${options.body === undefined ? '' : JSON.stringify(options.body)}`;
  const guarded = options.guard ?? method !== 'GET';
  if (guarded) {
    const now = Date.now();
    const last = recent.get(key);
    if (last !== undefined && now - last < DUPLICATE_GUARD_MS) {
      const text = translate('request.tooFrequent');
      toastError(text);
      return Promise.reject(new RequestError(text, 0, 0, null));
    }
    recent.set(key, now);
  } else if (method === 'GET') {
    const pending = inflight.get(key);
    if (pending) {
      return pending as Promise<T>;
    }
  }
  const promise = send(fullUrl, { ...options, method }) as Promise<T>;
  if (!guarded && method === 'GET') {
    inflight.set(key, promise);
    void promise.then(
      () => inflight.delete(key),
      () => inflight.delete(key),
    );
  }
  return promise;
}

/** A call answering with the envelope; resolves with its data. */
export async function call<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await request<R<T>>(url, options);
  return envelope.data;
}

export interface RawOptions {
  method?: 'GET' | 'POST';
  params?: Record<string, ParamValue>;
  /** Sent as is (a FormData sets its own multipart content type). */
  body?: BodyInit;
  silent?: boolean;
  /** Text of a failure without a server message (e.g. 导出失败). */
  fallback?: string;
  timeoutMs?: number;
}

/**
 * A call whose request or answer is not JSON (file downloads, multipart uploads), with the same headers, time-out,
 * 401 handling and error texts as `request`. Resolves with the answered response; JSON error bodies reject.
 */
export async function requestRaw(url: string, options: RawOptions = {}): Promise<Response> {
  const fullUrl = buildUrl(url, options.params);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const headers = buildHeaders({});
  headers.set('Accept', '*/*');
  let response: Response;
  try {
    response = await fetch(fullUrl, {
      method: options.method ?? 'GET',
      headers,
      body: options.body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    const timedOut = controller.signal.aborted;
    fail(translate(timedOut ? 'request.timeout' : 'request.network'), 0, 0, String(error), options.silent);
  } finally {
    clearTimeout(timer);
  }
  const status = response.status;
  const type = response.headers.get('content-type') ?? '';
  const json = type.includes('json') && !type.includes(PROGRESS_STREAM_TYPE);
  if (status === 200 && !json) {
    return response;
  }
  const body = json ? await parseBody(response) : null;
  const parsed = asErrorBody(body);
  const code = parsed.error_code || parsed.code || status;
  if (code === 401 || status === 401) {
    unauthorizedHandler();
  }
  if (code !== 200 || status !== 200) {
    const message = parsed.msg || parsed.error_description || options.fallback || errorMessage(body);
    fail(message, status, code, body, options.silent);
  }
  return new Response(JSON.stringify(body), { status, headers: response.headers });
}
