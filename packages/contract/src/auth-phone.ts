import { z } from 'zod';
import { encodeMessage, registerMessage } from './form-messages.ts';
import { jsonText } from './json-text.ts';
import { secret } from './secret.ts';

const PHONE_EMPTY = registerMessage('phone.empty', ['手机号码不能为空', 'The phone number is required']);
const PHONE_LENGTH = registerMessage('phone.length', [
  '手机号码长度不为11位',
  'The phone number must have 11 digits',
]);
const PHONE_FORMAT = registerMessage('phone.format', ['手机号码格式不正确', 'The phone number is not valid']);
const PARAMS = registerMessage('sms.params', ['模板参数', 'Template parameters']);
const CODE_FORMAT = registerMessage('phone.code', ['请输入6位验证码', 'Please enter the 6-digit code']);

/** A mainland mobile number as SPEC §5 checks it: present, 11 digits, starting 13–19. */
export const phoneNumber = z
  .string({ error: encodeMessage(PHONE_EMPTY) })
  .trim()
  .min(1, { error: encodeMessage(PHONE_EMPTY) })
  .refine((v) => v.length === 11, { error: encodeMessage(PHONE_LENGTH) })
  .refine((v) => /^1[3-9]\d{9}$/.test(v), { error: encodeMessage(PHONE_FORMAT) });

export const verifyCode = z.string().regex(/^\d{6}$/, { error: encodeMessage(CODE_FORMAT) });

/** oauth/phone: without `code` it sends a sign-in code by SMS; with it, it signs in. */
export const phoneLogin = z.strictObject({
  tenantId: z
    .string()
    .regex(/^[0-9A-Za-z]{1,12}$/)
    .optional(),
  phone: phoneNumber,
  code: secret(verifyCode).optional(),
});
export type PhoneLogin = z.infer<typeof phoneLogin>;

/** sms/endpoint/send-message: the SMS configuration's code, comma-joined phones, JSON template parameters. */
export const sendMessage = z.strictObject({
  code: z.string().trim().min(1).max(64),
  phones: z
    .string()
    .max(1200)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(phoneNumber).min(1).max(100)),
  params: jsonText(
    z.record(z.string().max(64), z.union([z.string(), z.number()]).transform(String)),
    encodeMessage('form.pattern', { label: PARAMS }),
    4000,
  ),
});
