import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AVATAR_MAX_BYTES } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import type { CrudService } from '../../lib/crud/crud.service.ts';
import { AppError } from '../../lib/errors.ts';
import { EXTENSIONS, MIME_TYPES, sniff } from '../../lib/file-type.ts';
import { nextId } from '../../lib/id.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { enabledStorage, storeRemote } from './storage/remote-store.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * POST oss/endpoint/put-file: stores one uploaded file and records it as an attachment, through the tenant's enabled
 * storage (S3-compatible, Aliyun OSS, Qiniu) or the local store (DATA_DIR/oss, served at /oss/) when none is enabled. The type is checked by
 * content against the extension; names on disk are generated, never taken from the client.
 */
export function putFileRoutes(database: Database, ossDir: string, attach: CrudService, box: SecretBox) {
  return async (app: FastifyInstance) => {
    // Any signed-in user uploads through forms (pictures, avatars); kind=avatar allows only JPG/PNG up to 500 KB.
    const query = z.strictObject({ kind: z.enum(['file', 'avatar']).optional() });
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/put-file',
        { config: { scope: 'manual' }, schema: { tags: ['oss'], querystring: query } },
        async (request) => {
          const ctx = caller(request);
          const avatar = request.query.kind === 'avatar';
          if (!request.isMultipart()) {
            throw new AppError(400, 'upload.missing');
          }
          const limit = avatar ? AVATAR_MAX_BYTES : MAX_UPLOAD_BYTES;
          const part = await request.file({ limits: { fileSize: limit } });
          if (!part) {
            throw new AppError(400, 'upload.missing');
          }
          let data: Buffer;
          try {
            data = await part.toBuffer();
          } catch {
            throw new AppError(413, avatar ? 'upload.avatar' : 'upload.tooLarge', {
              max: MAX_UPLOAD_BYTES / 1024 / 1024,
            });
          }
          const original = part.filename.slice(-255);
          const extension = (original.split('.').pop() ?? '').toLowerCase();
          const expected = EXTENSIONS[extension];
          if (!expected || data.length === 0 || sniff(data) !== expected) {
            throw new AppError(400, avatar ? 'upload.avatar' : 'upload.type');
          }
          if (avatar && expected !== 'png' && expected !== 'jpg') {
            throw new AppError(400, 'upload.avatar');
          }
          const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
          const name = `${nextId()}${randomBytes(4).toString('hex')}.${extension}`;
          const { tenantId } = ctx;
          const storage = await database.run({ tenantId }, () => enabledStorage(database, tenantId, box));
          let link: string;
          if (storage) {
            // Outside any scope: the storage service may take seconds.
            link = await storeRemote(
              storage,
              `upload/${tenantId}/${day}/${name}`,
              data,
              MIME_TYPES[expected],
            );
          } else {
            const dir = join(ossDir, tenantId, day);
            mkdirSync(dir, { recursive: true });
            writeFileSync(join(dir, name), data);
            link = `/oss/${tenantId}/${day}/${name}`;
          }
          const id = nextId();
          await database.run({ tenantId }, () =>
            database.db
              .insertInto('yuan_attach')
              .values({
                tenant_id: tenantId,
                id,
                link,
                name,
                original_name: original,
                extension,
                attach_size: data.length,
                create_user: ctx.userId,
                create_dept: ctx.deptId || null,
                update_user: ctx.userId,
              })
              .execute(),
          );
          attach.writtenElsewhere(ctx);
          return ok(request.lang, { link, domain: '', name, originalName: original, attachId: id });
        },
      );
  };
}
