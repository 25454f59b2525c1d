import { type Language, languageOf, type MessageKey, message, type R, renderMessage } from '@yuan/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { refusedStatement } from '../db/unavailable.ts';
import { Cache } from '../lib/cache/cache.ts';
import { AppError, FieldError, OAuthError } from '../lib/errors.ts';

export function ok<T>(
  lang: Language,
  data: T,
  msgKey: MessageKey = 'ok',
  params?: Record<string, string | number>,
): R<T> {
  return { code: 200, success: true, msg: message(lang, msgKey, params), data };
}

export function fail(reply: FastifyReply, status: number, msg: string) {
  return reply.status(status).send({ code: status, success: false, msg, data: null });
}

const STATUS_KEYS: Record<number, MessageKey> = {
  400: 'error.badRequest',
  401: 'error.unauthorized',
  403: 'error.forbidden',
  404: 'error.notFound',
  405: 'error.methodNotAllowed',
  413: 'error.tooLarge',
  415: 'error.unsupportedMedia',
  429: 'error.tooMany',
};

export interface Failure {
  status: number;
  /** The envelope, or the OAuth error shape on the token endpoint. */
  body: R<unknown> | ({ error: string; error_description: string } & Record<string, unknown>);
  /** Not a refusal the product meant: worth a log line and an alert. */
  unexpected: boolean;
}

function failure(
  status: number,
  msg: string,
  oauth: boolean,
  error = 'invalid_request',
  data: unknown = null,
): Failure {
  return {
    status,
    body: oauth ? { error, error_description: msg } : { code: status, success: false, msg, data },
    unexpected: false,
  };
}

/** What a thrown error answers, in the caller's language: used by the error handler and by streamed answers. */
export function failureOf(error: unknown, lang: Language, oauth = false): Failure {
  if (error instanceof OAuthError) {
    const answer = failure(error.status, message(lang, error.key, error.params), true, error.error);
    return { ...answer, body: { ...answer.body, ...error.extra } };
  }
  if (error instanceof AppError) {
    return failure(
      error.status,
      message(lang, error.key, error.params),
      oauth,
      error.status === 503 ? 'temporarily_unavailable' : undefined,
      error.data ?? null,
    );
  }
  if (error instanceof FieldError) {
    const detail = renderMessage(lang, error.encoded) ?? error.encoded;
    return failure(
      400,
      error.path ? message(lang, 'error.validation', { field: error.path, detail }) : detail,
      oauth,
    );
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const field = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || '';
    // Form rules carry their exact text (SPEC §5); other failures name the field.
    const detail = issue?.message ?? '';
    return failure(
      400,
      renderMessage(lang, detail) ?? message(lang, 'error.validation', { field, detail }),
      oauth,
    );
  }
  const refused = refusedStatement(error);
  if (refused) {
    return failureOf(refused, lang, oauth);
  }
  const status = (error as Partial<FastifyError> | null)?.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return failure(status, message(lang, STATUS_KEYS[status] ?? 'error.badRequest'), oauth);
  }
  return { ...failure(500, message(lang, 'error.internal'), oauth, 'server_error'), unexpected: true };
}

const ENVELOPE_KEYS = ['code', 'success', 'msg', 'data'];
const OUTSIDE_ASCII = /[\u0080-\uffff]/g;
/** JSON text placed as it is by JSON.stringify (Node 22 and later). */
const rawJSON = (JSON as { rawJSON?: (text: string) => unknown }).rawJSON;
/** Messages as they go into an answer, by text: the same few come back on most calls. */
const escapedMessages = new Cache<unknown>({ name: 'answer-messages', max: 512 });

/** The message as JSON text \u-escaped beyond ASCII: as raw JSON where there is, else as the text itself. */
function escapedMessage(msg: string): unknown {
  let escaped = escapedMessages.get(msg);
  if (escaped === undefined) {
    const json = JSON.stringify(msg).replace(
      OUTSIDE_ASCII,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    // Read back through Latin-1: the replaced text is kept in two bytes a character, and would make the answer so.
    const text = Buffer.from(json, 'latin1').toString('latin1');
    escaped = rawJSON ? rawJSON(text) : text;
    escapedMessages.set(msg, escaped);
  }
  return escaped;
}

const isEnvelope = (payload: unknown): payload is R<unknown> => {
  if (
    typeof payload !== 'object' ||
    payload === null ||
    Object.getPrototypeOf(payload) !== Object.prototype
  ) {
    return false;
  }
  const keys = Object.keys(payload);
  return keys.length === 4 && keys.every((key, i) => key === ENVELOPE_KEYS[i]);
};

/**
 * An answer's JSON. The envelope's message is the one text of most answers beyond ASCII (Chinese is the default
 * language), and one such character makes `JSON.stringify` build the whole answer as a two-byte string: twice the
 * memory for every page, copied again when the socket encodes it. The message goes out \u-escaped instead, so
 * the answer stays one byte a character; its JSON value is the same.
 */
export function answerJson(payload: unknown): string {
  if (!isEnvelope(payload) || typeof payload.msg !== 'string' || payload.data === undefined) {
    return JSON.stringify(payload);
  }
  const { code, success, msg, data } = payload;
  const escaped = escapedMessage(msg);
  if (typeof escaped !== 'string') {
    return JSON.stringify({ code, success, msg: escaped, data });
  }
  // Node 20: the same text, put together (flattened once more on its way out).
  return `{"code":${JSON.stringify(code)},"success":${JSON.stringify(success)},"msg":${escaped},"data":${JSON.stringify(data)}}`;
}

/** Turns every failure into the envelope (or the OAuth shape on the token endpoint), in the caller's language. */
export function registerEnvelope(
  app: FastifyInstance,
  onUnexpected: (request: FastifyRequest, error: unknown) => void = () => undefined,
) {
  app.setReplySerializer(answerJson);
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['accept-language'];
    request.lang = languageOf(Array.isArray(header) ? header[0] : header);
    done();
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'zh';
    const oauth = request.routeOptions?.config?.oauth === true;
    const answer = failureOf(error, lang, oauth);
    if (answer.unexpected) {
      request.log.error({ err: error }, 'unexpected error');
      onUnexpected(request, error);
    }
    return reply.status(answer.status).send(answer.body);
  });
}
