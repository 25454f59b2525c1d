import { encodeMessage } from '@yuan/contract';
import sanitizeHtml from 'sanitize-html';
import type { ResourceRules } from '../../lib/crud/crud.service.ts';
import { FieldError } from '../../lib/errors.ts';

/** Rich text keeps formatting, links and images, and loses scripts, event handlers and other active content. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'font'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      '*': ['style', 'class', 'align'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedStyles: {
      '*': {
        color: [/^[#a-z0-9(),.\s%]+$/i],
        'background-color': [/^[#a-z0-9(),.\s%]+$/i],
        'text-align': [/^(left|right|center|justify)$/],
        'font-size': [/^\d{1,3}(px|em|%)$/],
      },
    },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

const IMAGE = /^(https?:\/\/|\/|data:image\/(png|jpe?g|gif|webp);base64,)/i;

export const noticeRules: ResourceRules = {
  async prepare(_ctx, values) {
    if (typeof values.img === 'string' && values.img !== '' && !IMAGE.test(values.img)) {
      throw new FieldError('img', encodeMessage('form.pattern', { label: 'notice.img' }));
    }
    return typeof values.content === 'string'
      ? { ...values, content: sanitizeRichText(values.content) }
      : values;
  },
};
