import { z } from 'zod';

/**
 * A text holding JSON that `schema` accepts (absent or empty: `{}`), parsed to the schema's value; anything else is
 * one issue with `message`, which never repeats the text (it may carry secrets).
 */
export function jsonText<T extends z.ZodType>(schema: T, message: string, max = 100_000) {
  return z
    .string()
    .max(max)
    .optional()
    .transform((v, ctx): z.output<T> => {
      try {
        return schema.parse(v ? JSON.parse(v) : {});
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    });
}
