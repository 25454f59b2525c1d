import type { Language } from '@yuan/contract';
import { renderMessage } from '@yuan/contract/form-messages';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * An antd rule from the contract's own schema, so the form refuses what the server would, with the same text
 * (the schema's messages are encoded keys, rendered in the user's language). Empty values are left to `required`.
 */
export function zodRule(schema: z.ZodType, lang: Language): Rule {
  return {
    validator: (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') {
        return Promise.resolve();
      }
      const parsed = schema.safeParse(value);
      if (parsed.success) {
        return Promise.resolve();
      }
      const message = parsed.error.issues[0]?.message ?? '';
      return Promise.reject(new Error(renderMessage(lang, message) ?? message));
    },
  };
}
