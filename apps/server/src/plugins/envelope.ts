import { type Language, languageOf, type MessageKey, message, type R, renderMessage } from '@yuan/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { cancelledStatement } from '../db/unavailable.ts';
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
  const cancelled = cancelledStatement(error);
  if (cancelled) {
    return failureOf(cancelled, lang, oauth);
  }
  const status = (error as Partial<FastifyError> | null)?.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return failure(status, message(lang, STATUS_KEYS[status] ?? 'error.badRequest'), oauth);
  }
  return { ...failure(500, message(lang, 'error.internal'), oauth, 'server_error'), unexpected: true };
}

/** Turns every failure into the envelope (or the OAuth shape on the token endpoint), in the caller's language. */
export function registerEnvelope(
  app: FastifyInstance,
  onUnexpected: (request: FastifyRequest, error: unknown) => void = () => undefined,
) {
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
