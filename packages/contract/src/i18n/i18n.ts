import { z } from 'zod';
import { idList } from '../envelope.ts';
import { registerMessage } from '../form-messages.ts';
import { defineResource } from '../resource.ts';

/** The web client's texts (SPEC §7: model eth_frontend). */
export const I18N_MODEL = 'eth_frontend';
/** zh, en, or a language added later (ja, zh-TW…). */
export const LANGUAGE = '^[a-z]{2}(-[A-Za-z]{2,4})?$';

/** Language texts per tenant, language and model (SPEC §7 i18n/*): they override the client's bundled texts. */
export const i18nResource = defineResource({
  name: 'i18n',
  basePath: '/api/yuan-api/i18n',
  table: 'yuan_i18n',
  perm: 'i18n',
  tenantScoped: true,
  title: ['语言文本', 'Language text'],
  fields: {
    i18nKey: {
      column: 'i18n_key',
      kind: 'string',
      label: ['文本键', 'Key'],
      required: ['请输入文本键', 'Please enter the key'],
      max: 200,
      pattern: '^[A-Za-z0-9_.:-]+$',
      search: 'like',
    },
    language: {
      column: 'language',
      kind: 'string',
      label: ['语言', 'Language'],
      required: ['请选择语言', 'Please choose the language'],
      max: 16,
      pattern: LANGUAGE,
      search: 'eq',
    },
    i18nText: {
      column: 'i18n_text',
      kind: 'text',
      label: ['文本', 'Text'],
      required: ['请输入文本', 'Please enter the text'],
      max: 4000,
      search: 'like',
    },
    i18nModel: {
      column: 'i18n_model',
      kind: 'string',
      label: ['模块', 'Model'],
      max: 32,
      pattern: '^[a-z][a-z0-9_]{0,31}$',
      search: 'eq',
    },
  },
});

export const i18nLanguageQuery = z.strictObject({
  language: z.string().regex(new RegExp(LANGUAGE)),
  i18nModel: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,31}$/)
    .optional(),
});

/** saveOrUpdateLanguage: the signed-in user's language, kept on the server (tourists keep theirs locally). */
export const userLanguage = z.strictObject({
  i18nModel: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,31}$/)
    .optional(),
  languageType: z.string().regex(new RegExp(LANGUAGE)),
});

/** deleteI18nKey: texts by id, or one key in every language of its model. */
export const i18nDelete = z
  .strictObject({
    ids: idList.optional(),
    i18nKey: z.string().min(1).max(200).optional(),
    i18nModel: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,31}$/)
      .optional(),
  })
  .refine((q) => q.ids !== undefined || q.i18nKey !== undefined, 'ids or i18nKey');

registerMessage('i18n.key', ['文本键', 'Key']);
