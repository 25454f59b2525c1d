import { SECRET_MASK } from '@yuan/contract';

/** Key names that are secret wherever they appear; `code` is not one (dictionaries, regions and menus have codes). */
const SECRET =
  /pass(word|wd)?|secret|token|captcha|authorization|credential|private_?key|mnemonic|seed_?phrase/i;

/**
 * The second net behind the schemas' secret fields (see plugins/log-secrets): replaces the values of secret-looking
 * keys, at any depth, with the mask. `found` collects what it masked.
 */
export function redact(value: unknown, found: string[] = [], depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') {
    return value;
  }
  if (Array.isArray(value)) {
    return value.slice(0, 50).map((v) => redact(v, found, depth + 1));
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (!SECRET.test(k) || v === SECRET_MASK) {
        return [k, redact(v, found, depth + 1)];
      }
      if (typeof v === 'string' || typeof v === 'number') {
        found.push(String(v));
      }
      return [k, SECRET_MASK];
    }),
  );
}
