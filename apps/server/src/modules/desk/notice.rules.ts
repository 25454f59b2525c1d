import { encodeMessage } from '@yuan/contract';
import type { ResourceRules } from '../../lib/crud/crud.service.ts';
import { FieldError } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';

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
