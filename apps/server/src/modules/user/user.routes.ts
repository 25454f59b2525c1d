import {
  idList,
  idString,
  pwdRetrieve,
  registerGuest,
  updatePassword,
  userGrant,
  userResource,
} from '@yuan/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment, XLSX_TYPE } from '../../lib/attachment.ts';
import type { CrudService } from '../../lib/crud/crud.service.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { LogService } from '../log/index.ts';
import type { RegisterService } from './register.service.ts';
import type { RetrieveService } from './retrieve.service.ts';
import type { UserService } from './user.service.ts';
import type { UserExcel } from './user-excel.ts';

const tags = ['user'];
// The web sends these lists in the query string (as the original client did) or in a JSON body.
const userIdsQuery = z.strictObject({ userIds: idList.optional() });
const userIdsBody = z.strictObject({ userIds: idList }).nullish();
const userIdsOf = (request: {
  query: { userIds?: string };
  body: { userIds: string } | null | undefined;
}) => {
  const v = request.body?.userIds ?? request.query.userIds;
  if (!v) {
    throw badRequest('error.missingParam', { name: 'userIds' });
  }
  return v;
};

const infoBody = z.strictObject({
  name: z.string().max(64).optional(),
  realName: z.string().max(64).optional(),
  avatar: z.string().max(1000).optional(),
  email: z.union([z.email().max(128), z.literal('')]).optional(),
  phone: z.string().max(32).optional(),
  sex: z.number().int().min(-1).max(2).optional(),
});

/** The user calls of SPEC §7 beyond page/detail/submit/remove. */
export function userRoutes(
  users: UserService,
  crud: CrudService,
  excel: UserExcel,
  signUp: { register: RegisterService; logs: LogService; retrieve: RetrieveService },
) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/register-guest',
      { config: { public: true, guest: true }, schema: { tags, body: registerGuest } },
      async (request) => {
        const user = await signUp.register.register(request.body, request.ip, request.auth);
        signUp.logs.usual({
          tenantId: user.tenantId,
          event: 'register',
          data: user.account,
          account: user.account,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return ok(request.lang, true, 'register.ok');
      },
    );

    r.post(
      '/pwd/retrieve',
      { config: { public: true, scope: 'manual' }, schema: { tags, body: pwdRetrieve } },
      async (request) => {
        const { code, newPassword, ...rest } = request.body;
        if (code === undefined || newPassword === undefined) {
          await signUp.retrieve.sendCode(request.body, request.ip, request.lang);
          return ok(request.lang, true, 'code.sent');
        }
        await signUp.retrieve.reset({ ...rest, code, newPassword });
        return ok(request.lang, true, 'pwd.reset');
      },
    );

    r.post(
      '/update',
      { config: { perm: 'user_edit' }, schema: { tags, body: userResource.form } },
      async (request) => {
        const body = request.body as Record<string, unknown>;
        if (!body.id) {
          throw badRequest('error.missingParam', { name: 'id' });
        }
        return ok(request.lang, await crud.submit(caller(request), body));
      },
    );
    r.get('/info', { schema: { tags } }, async (request) =>
      ok(request.lang, await users.info(caller(request))),
    );
    r.post('/update-info', { schema: { tags, body: infoBody } }, async (request) => {
      await users.updateInfo(caller(request), request.body);
      return ok(request.lang, true);
    });
    r.post('/update-password', { schema: { tags, body: updatePassword } }, async (request) => {
      const { oldPassword, newPassword, newPassword1 } = request.body;
      await users.updatePassword(caller(request), oldPassword, newPassword, newPassword1);
      return ok(request.lang, true);
    });
    r.post(
      '/reset-password',
      { config: { perm: 'user_reset' }, schema: { tags, querystring: userIdsQuery, body: userIdsBody } },
      async (request) => {
        await users.resetPassword(caller(request), userIdsOf(request));
        return ok(request.lang, true);
      },
    );
    r.post(
      '/unlock',
      { config: { perm: 'user_unlock' }, schema: { tags, querystring: userIdsQuery, body: userIdsBody } },
      async (request) => {
        await users.unlock(caller(request), userIdsOf(request));
        return ok(request.lang, true);
      },
    );
    r.post(
      '/grant',
      { config: { perm: 'user_role' }, schema: { tags, body: userGrant } },
      async (request) => {
        await users.grant(caller(request), request.body.userIds, request.body.roleIds);
        return ok(request.lang, true);
      },
    );
    r.get(
      '/platform-detail',
      { config: { perm: 'user_platform' }, schema: { tags, querystring: z.strictObject({ id: idString }) } },
      async (request) => ok(request.lang, await users.platformDetail(caller(request), request.query.id)),
    );
    r.post(
      '/update-platform',
      {
        config: { perm: 'user_platform' },
        schema: {
          tags,
          body: z.strictObject({
            userId: idString,
            userType: z.number().int().min(1).max(9),
            userExt: z.string().max(20_000),
          }),
        },
      },
      async (request) => {
        await users.updatePlatform(
          caller(request),
          request.body.userId,
          request.body.userType,
          request.body.userExt,
        );
        return ok(request.lang, true);
      },
    );

    const download = (reply: FastifyReply, name: string, body: Buffer) =>
      sendAttachment(reply, name, XLSX_TYPE, body);
    r.get(
      '/export-user',
      {
        // Who took the users out is worth keeping although it changes nothing.
        config: { perm: 'user_export', log: 'always' },
        schema: {
          tags,
          querystring: z.strictObject({
            account: z.string().max(64).optional(),
            realName: z.string().max(64).optional(),
          }),
        },
      },
      async (request, reply) =>
        download(
          reply,
          request.lang === 'en' ? 'users.xlsx' : '用户数据.xlsx',
          await excel.export(caller(request), request.lang, request.query),
        ),
    );
    r.get('/export-template', { config: { perm: 'user_import' }, schema: { tags } }, async (request, reply) =>
      download(
        reply,
        request.lang === 'en' ? 'user-template.xlsx' : '用户导入模板.xlsx',
        await excel.template(request.lang),
      ),
    );
    r.post(
      '/import-user',
      {
        config: { perm: 'user_import' },
        schema: { tags, querystring: z.strictObject({ isCovered: z.enum(['0', '1']).optional() }) },
      },
      async (request) => {
        const ctx = caller(request);
        if (!request.isMultipart()) {
          throw new AppError(400, 'user.importFile');
        }
        const file = await request.file();
        if (!file) {
          throw new AppError(400, 'user.importFile');
        }
        const saved = await excel.import(ctx, await file.toBuffer(), request.query.isCovered === '1');
        return ok(request.lang, saved);
      },
    );
  };
}
