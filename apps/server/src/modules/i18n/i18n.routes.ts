import {
  DEFAULT_TENANT_ID,
  i18nDelete,
  i18nLanguageQuery,
  i18nResource,
  idString,
  type PageQuery,
  userLanguage,
} from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment, XLSX_TYPE } from '../../lib/attachment.ts';
import type { CrudService } from '../../lib/crud/crud.service.ts';
import { AppError } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { I18nService } from './i18n.service.ts';
import { parseTextsWorkbook, textsWorkbook } from './i18n-excel.ts';

const tags = ['i18n'];
const modelQuery = z.strictObject({
  i18nModel: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,31}$/)
    .optional(),
});

/**
 * SPEC §7 i18n/*: the language-text screen's calls (menu i18n; create and update are GETs with the text in the
 * query, as the origin client sends them), the texts of a language for the client, and the user's own language.
 */
export function i18nRoutes(crud: CrudService, service: I18nService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/pageList',
      { config: { perm: ['i18n'] }, schema: { tags, body: i18nResource.search } },
      async (req) =>
        ok(req.lang, await crud.list(caller(req), req.body as Record<string, unknown> & PageQuery)),
    );
    r.get(
      '/create',
      { config: { perm: ['i18n_add'] }, schema: { tags, querystring: i18nResource.form } },
      // An id makes it an update of that text, as the generic submit does (another tenant's id: not found).
      async (req) => ok(req.lang, await crud.submit(caller(req), req.query as Record<string, unknown>)),
    );
    r.get(
      '/update',
      {
        config: { perm: ['i18n_edit'] },
        schema: { tags, querystring: z.intersection(i18nResource.form, z.object({ id: idString })) },
      },
      async (req) => ok(req.lang, await crud.submit(caller(req), req.query as Record<string, unknown>)),
    );
    r.get(
      '/deleteI18nKey',
      { config: { perm: ['i18n_delete'] }, schema: { tags, querystring: i18nDelete } },
      async (req) => {
        await crud.remove(caller(req), await service.idsToRemove(req.query));
        return ok(req.lang, null);
      },
    );
    // Any caller, signed in or not: the sign-in page speaks the texts too (a visitor reads the platform tenant's).
    r.get(
      '/listByLanguage',
      {
        config: { public: true, guest: true, scope: 'manual' },
        schema: { tags, querystring: i18nLanguageQuery },
      },
      async (req, reply) => {
        const tenantId = req.auth?.tenantId ?? DEFAULT_TENANT_ID;
        const answer = await service.textsOf(tenantId, req.query.language, req.query.i18nModel);
        reply.header('etag', answer.etag).header('cache-control', 'no-cache');
        if (req.headers['if-none-match'] === answer.etag) {
          return reply.status(304).send();
        }
        return ok(req.lang, answer.texts);
      },
    );
    r.get(
      '/export-excel',
      { config: { perm: ['i18n'] }, schema: { tags, querystring: i18nLanguageQuery } },
      async (req, reply) => {
        const texts = await service.textsHere(req.query.language, req.query.i18nModel);
        const name = `i18n-${req.query.language}.xlsx`;
        return sendAttachment(
          reply,
          name,
          XLSX_TYPE,
          await textsWorkbook(texts, req.query.language, req.lang),
        );
      },
    );
    // The sheet's texts, checked; the screen then imports them as it imports a JSON file (create or update by key).
    r.post('/parse-excel', { config: { perm: ['i18n_add'] }, schema: { tags } }, async (req) => {
      const file = req.isMultipart() ? await req.file() : undefined;
      if (!file) {
        throw new AppError(400, 'i18n.excelFile');
      }
      return ok(req.lang, { texts: await parseTextsWorkbook(await file.toBuffer(), req.lang) });
    });
    r.get('/user-language/getLanguage', { schema: { tags, querystring: modelQuery } }, async (req) =>
      ok(req.lang, await service.language(caller(req), req.query.i18nModel)),
    );
    r.get('/saveOrUpdateLanguage', { schema: { tags, querystring: userLanguage } }, async (req) =>
      ok(req.lang, await service.saveLanguage(caller(req), req.query.languageType, req.query.i18nModel)),
    );
  };
}
