import type { SecretBox } from '../secret-box.ts';
import type { ResourceRules } from './crud.service.ts';

/**
 * Rules of a resource whose write-only fields hold third-party secrets: a value is encrypted before it is stored,
 * and on an edit a blank value keeps the stored one (the form never shows it, so blank means "unchanged").
 */
export function sealedFields(box: SecretBox, fields: readonly string[]): ResourceRules {
  return {
    async prepare(_ctx, values, id) {
      const out = { ...values };
      for (const field of fields) {
        const value = out[field];
        if (typeof value !== 'string') {
          continue;
        }
        if (value === '' && id) {
          delete out[field];
        } else {
          out[field] = box.seal(value);
        }
      }
      return out;
    },
  };
}
