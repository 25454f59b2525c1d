import { z } from 'zod';
import { PASSWORD_MIN } from '../constants.ts';
import { encodeMessage, registerMessage } from '../form-messages.ts';
import { secret } from '../secret.ts';

const TENANT_REQUIRED = registerMessage('register.tenantId', [
  '请先输入租户编号',
  'Please enter the tenant id first',
]);
const ACCOUNT_REQUIRED = registerMessage('register.account', [
  '请先输入账号名称',
  'Please enter the account name first',
]);
const PASSWORD_REQUIRED = registerMessage('register.password', [
  '请先输入密码',
  'Please enter the password first',
]);
const PASSWORD_MISMATCH = registerMessage('register.password2', [
  '两次密码输入不一致',
  'The two passwords differ',
]);
const PASSWORD_SHORT = registerMessage('register.passwordShort', [
  `密码长度不能少于${PASSWORD_MIN}位`,
  `The password must have at least ${PASSWORD_MIN} characters`,
]);
const EMAIL_INVALID = registerMessage('register.email', ['邮箱格式不正确', 'The email address is not valid']);
const FORMAT = registerMessage('register.format', ['格式不正确', 'Wrong format']);

/** A required text whose label (a registered key of the resources) names it in the too-long message. */
const required = (key: string, label: string, max: number) =>
  z
    .string({ error: encodeMessage(key) })
    .trim()
    .min(1, { error: encodeMessage(key) })
    .max(max, { error: encodeMessage('form.tooLong', { label, max }) });

/**
 * register-guest: the /register form (tenantId default 000000, name, account, password, password2) and the guest
 * dialog after a third-party sign-in (email, oauthId). The new account has no role until an administrator grants
 * one, so it cannot sign in before that.
 */
export const registerGuest = z
  .strictObject({
    tenantId: required(TENANT_REQUIRED, 'tenant.tenantId', 12).regex(/^[0-9A-Za-z]+$/, {
      error: encodeMessage(FORMAT),
    }),
    name: z.string().trim().max(64).optional(),
    account: required(ACCOUNT_REQUIRED, 'user.account', 64).regex(/^[^\s,]+$/, {
      error: encodeMessage(FORMAT),
    }),
    password: secret(
      z
        .string({ error: encodeMessage(PASSWORD_REQUIRED) })
        .min(1, { error: encodeMessage(PASSWORD_REQUIRED) })
        .min(PASSWORD_MIN, { error: encodeMessage(PASSWORD_SHORT) })
        .max(128, { error: encodeMessage('form.tooLong', { label: 'user.password', max: 128 }) }),
    ),
    password2: secret(z.string().max(128)).optional(),
    email: z.union([z.literal(''), z.email({ error: encodeMessage(EMAIL_INVALID) }).max(128)]).optional(),
    oauthId: z.string().max(64).optional(),
  })
  .refine((body) => body.password2 === undefined || body.password2 === body.password, {
    path: ['password2'],
    error: encodeMessage(PASSWORD_MISMATCH),
  });
export type RegisterGuest = z.infer<typeof registerGuest>;

/**
 * pwd/retrieve: with tenantId and account it e-mails a code to the account's address; with the code and the new
 * password twice, it sets the password and ends the account's sessions.
 */
export const pwdRetrieve = z
  .strictObject({
    tenantId: required(TENANT_REQUIRED, 'tenant.tenantId', 12).regex(/^[0-9A-Za-z]+$/, {
      error: encodeMessage(FORMAT),
    }),
    account: required(ACCOUNT_REQUIRED, 'user.account', 64),
    code: secret(z.string().regex(/^\d{6}$/, { error: encodeMessage('phone.code') })).optional(),
    newPassword: secret(
      z
        .string()
        .min(PASSWORD_MIN, { error: encodeMessage(PASSWORD_SHORT) })
        .max(128, { error: encodeMessage('form.tooLong', { label: 'user.password', max: 128 }) }),
    ).optional(),
    newPassword1: secret(z.string().max(128)).optional(),
  })
  .refine((body) => body.code === undefined || body.newPassword !== undefined, {
    path: ['newPassword'],
    error: encodeMessage(PASSWORD_REQUIRED),
  })
  .refine((body) => body.newPassword === undefined || body.newPassword1 === body.newPassword, {
    path: ['newPassword1'],
    error: encodeMessage(PASSWORD_MISMATCH),
  });
export type PwdRetrieve = z.infer<typeof pwdRetrieve>;
