import { type Language, languageOf, type MessageKey, message, type R, renderMessage } from '@yuan/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, FieldError, OAuthError } from '../lib/errors.ts';

export function ok<T>(
  lang: Language,
  data: T,
  msgKey: MessageKey = 'ok',
  params?: Record<string, string | number>,
): R<T> {
  return { code: 200, success: true, msg: message(lang, msgKey, params), data };
}

export function fail(reply: FastifyReply, status: number, msg: string, data: unknown = null) {
  return reply.status(status).send({ code: status, success: false, msg, data });
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

function oauthFail(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.status(status).send({ error, error_description: description });
}

/** Turns every failure into the envelope (or the OAuth shape on the token endpoint), in the caller's language. */
export function registerEnvelope(
  app: FastifyInstance,
  onUnexpected: (request: FastifyRequest, error: unknown) => void = () => undefined,
) {
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', async (request) => {
    const header = request.headers['accept-language'];
    request.lang = languageOf(Array.isArray(header) ? header[0] : header);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? 'zh';
    const oauth = request.routeOptions?.config?.oauth === true;
    if (error instanceof OAuthError) {
      return oauthFail(reply, error.status, error.error, message(lang, error.key, error.params));
    }
    if (error instanceof AppError) {
      const msg = message(lang, error.key, error.params);
      return oauth
        ? oauthFail(reply, error.status, 'invalid_request', msg)
        : fail(reply, error.status, msg, error.data ?? null);
    }
    if (error instanceof FieldError) {
      const msg = renderMessage(lang, error.encoded) ?? error.encoded;
      return oauth ? oauthFail(reply, 400, 'invalid_request', msg) : fail(reply, 400, msg);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field =
        issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || '';
      // Form rules carry their exact text (SPEC §5); other failures name the field.
      const detail = issue?.message ?? '';
      const msg = renderMessage(lang, detail) ?? message(lang, 'error.validation', { field, detail });
      return oauth ? oauthFail(reply, 400, 'invalid_request', msg) : fail(reply, 400, msg);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg = message(lang, STATUS_KEYS[status] ?? 'error.badRequest');
      return oauth ? oauthFail(reply, status, 'invalid_request', msg) : fail(reply, status, msg);
    }
    request.log.error({ err: error }, 'unexpected error');
    onUnexpected(request, error);
    const msg = message(lang, 'error.internal');
    return oauth ? oauthFail(reply, 500, 'server_error', msg) : fail(reply, 500, msg);
  });
}
