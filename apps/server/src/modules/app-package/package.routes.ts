import { appPackageExportBody, pageQuery } from '@yuan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendAttachment } from '../../lib/attachment.ts';
import { AppError } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { PackageRepo } from './package.repo.ts';
import type { PackageService } from './package.service.ts';

const tags = ['appPackage'];
/** A package with 10,000 rows for each of a few entities stays well below this. */
const MAX_PACKAGE_BYTES = 64 * 1024 * 1024;

/** The uploaded package's text, its name and the other multipart fields. */
async function upload(req: FastifyRequest) {
  const file = req.isMultipart() ? await req.file({ limits: { fileSize: MAX_PACKAGE_BYTES } }) : undefined;
  if (!file) {
    throw new AppError(400, 'appPackage.notPackage');
  }
  const buffer = await file.toBuffer();
  if (file.file.truncated) {
    throw new AppError(413, 'error.tooLarge');
  }
  const field = (name: string) => {
    const f = file.fields[name];
    return f && !Array.isArray(f) && f.type === 'field' ? String(f.value) : '';
  };
  return { text: buffer.toString('utf8'), name: file.filename, field };
}

/** /api/yuan-api/app-package/*: export, preview, import and the import history. */
export function packageRoutes(packages: PackageService, repo: PackageRepo) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/app-package/export',
      { config: { perm: 'appPackage_export', log: 'always' }, schema: { tags, body: appPackageExportBody } },
      async (req, reply) => {
        const file = await packages.exportFile(caller(req), req.body.entIds.split(','), req.body.withData);
        const stamp = file.exportedAt.slice(0, 10);
        return sendAttachment(reply, `app-package-${stamp}.json`, 'application/json', JSON.stringify(file));
      },
    );
    r.post(
      '/app-package/preview',
      { config: { perm: 'appPackage_import', scope: 'manual', log: 'read' }, schema: { tags } },
      async (req) => {
        const { text } = await upload(req);
        return ok(req.lang, await packages.preview(caller(req), req.lang, text));
      },
    );
    r.post(
      '/app-package/import',
      { config: { perm: 'appPackage_import', scope: 'manual' }, schema: { tags } },
      async (req) => {
        const { text, name, field } = await upload(req);
        return ok(req.lang, await packages.import(caller(req), req.lang, text, field('confirmToken'), name));
      },
    );
    r.get(
      '/app-package/history',
      { config: { perm: 'appPackage' }, schema: { tags, querystring: pageQuery.strict() } },
      async (req) => {
        const ctx = caller(req);
        const { current, size } = req.query as { current: number; size: number };
        const page = await repo.history(ctx.tenantId, size, (current - 1) * size);
        return ok(req.lang, { ...page, current, size, pages: Math.ceil(page.total / size) });
      },
    );
  };
}
