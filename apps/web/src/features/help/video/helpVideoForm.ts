import { type Language, VIDEO_COLUMNS } from '@yuan/contract';
import { helpVideoResource } from '@yuan/contract/help';
import { encodeMessage, renderMessage } from '@yuan/contract/form-messages';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import type { StaticOption } from '../../../shared/crud/types.ts';
import { pick } from '../../../shared/crud/fields.ts';

/** put-file keeps at most 10 MB (its MAX_UPLOAD_BYTES), in the KB the upload field counts. */
export const MEDIA_MAX_KB = 10 * 1024;
/** What the server stores as video or audio, judged by content (mp4, webm, wav, mp3). */
export const VIDEO_ACCEPT = '.mp4,.m4v,.webm,.wav,.mp3';
export const COVER_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp';

/** The column codes, shown as written in both languages (SPEC §9 names no other label). */
export const COLUMN_OPTIONS: readonly StaticOption[] = VIDEO_COLUMNS.map((code) => ({
  value: code,
  label: [code, code],
}));

const { fields } = helpVideoResource;

function label(name: keyof typeof fields, lang: Language): string {
  return pick(fields[name].label, lang);
}

function patternRule(name: 'frontPath' | 'contentPath', lang: Language) {
  const message = renderMessage(lang, encodeMessage('form.pattern', { label: label(name, lang) }));
  return { pattern: fields[name].pattern, message };
}

/**
 * The add/edit dialog as form JSON, drawn by the one form renderer: the cover and the video are upload fields that
 * post to put-file (the tenant's storage) and keep the returned link; the rules carry the definition's texts.
 */
export function helpVideoForm(lang: Language, tips: { cover: string; video: string }): FormField[] {
  const required = (name: 'title' | 'contentPath') =>
    pick(fields[name].required as readonly [string, string], lang);
  return [
    {
      type: 'input',
      prop: 'title',
      label: label('title', lang),
      span: 24,
      maxlength: fields.title.max,
      showWordLimit: true,
      rules: [{ required: true, message: required('title') }],
    },
    {
      type: 'select',
      prop: 'columnNo',
      label: label('columnNo', lang),
      span: 12,
      dicData: COLUMN_OPTIONS.map((o) => ({ label: pick(o.label, lang), value: o.value })),
      required: true,
    },
    {
      type: 'number',
      prop: 'sort',
      label: label('sort', lang),
      span: 12,
      min: fields.sort.min,
      max: fields.sort.max,
      precision: 0,
    },
    {
      type: 'upload',
      prop: 'frontPath',
      label: label('frontPath', lang),
      span: 12,
      listType: 'picture-img',
      accept: COVER_ACCEPT,
      multiple: false,
      limit: 1,
      filesize: MEDIA_MAX_KB,
      tip: tips.cover,
      rules: [patternRule('frontPath', lang)],
    },
    {
      type: 'upload',
      prop: 'contentPath',
      label: label('contentPath', lang),
      span: 12,
      listType: 'text',
      accept: VIDEO_ACCEPT,
      multiple: false,
      limit: 1,
      filesize: MEDIA_MAX_KB,
      tip: tips.video,
      rules: [{ required: true, message: required('contentPath') }, patternRule('contentPath', lang)],
    },
  ];
}
