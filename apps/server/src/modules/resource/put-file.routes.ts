import { AVATAR_MAX_BYTES } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { MAX_UPLOAD_BYTES, type UploadService } from './upload.service.ts';

// Any signed-in user uploads through forms (pictures, avatars); kind=avatar allows only JPG/PNG up to 500 KB.
const query = z.strictObject({ kind: z.enum(['file', 'avatar']).optional() });

/** POST oss/endpoint/put-file: one multipart file, stored and recorded as an attachment. */
export function putFileRoutes(uploads: UploadService) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/put-file',
        { config: { scope: 'manual' }, schema: { tags: ['oss'], querystring: query } },
        async (request) => {
          const avatar = request.query.kind === 'avatar';
          const part = request.isMultipart()
            ? await request.file({ limits: { fileSize: avatar ? AVATAR_MAX_BYTES : MAX_UPLOAD_BYTES } })
            : undefined;
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
          const saved = await uploads.store(caller(request), { data, filename: part.filename }, avatar);
          return ok(request.lang, saved);
        },
      );
  };
}
