import type { Language } from './constants.ts';

/**
 * Validation messages travel inside zod schemas as encoded keys (`@key` or `@key{json params}`) and are rendered in
 * the caller's language where they are shown: by the server's error handler, and by the web's form rules.
 */
export type Pair = readonly [zh: string, en: string];

const catalogue = new Map<string, Pair>([
  ['form.required', ['{label}必须填写', '{label} is required']],
  ['form.choose', ['请选择{label}', 'Please choose {label}']],
  ['form.pattern', ['{label}格式不匹配', '{label} has the wrong format']],
  ['form.tooLong', ['{label}长度不能超过{max}个字符', '{label} must be at most {max} characters']],
  ['form.type', ['{label}类型不正确', '{label} has the wrong type']],
  ['form.range', ['{label}必须在{min}到{max}之间', '{label} must be between {min} and {max}']],
  [
    'form.length',
    ['{label}长度必须在{min}到{max}个字符之间', '{label} must be {min} to {max} characters long'],
  ],
  ['form.unique', ['{label}已存在', '{label} already exists']],
  ['form.uniqueValue', ['{label}“{value}”已存在', '{label} "{value}" already exists']],
  ['form.unknown', ['不支持的字段: {field}', 'Unknown field: {field}']],
  ['form.confirm', ['两次密码输入不一致', 'The two passwords differ']],
  [
    'revision.fieldGone',
    ['字段“{field}”已不存在，不能恢复', 'Field "{field}" no longer exists and cannot be restored'],
  ],
]);

export function registerMessage(key: string, pair: Pair): string {
  catalogue.set(key, pair);
  return key;
}

export function encodeMessage(key: string, params?: Record<string, string | number>): string {
  return params ? `@${key}${JSON.stringify(params)}` : `@${key}`;
}

/** Renders an encoded message; a label parameter that is itself a registered key is translated too. */
export function renderMessage(lang: Language, encoded: string): string | undefined {
  const match = /^@([\w.-]+)(\{.*\})?$/s.exec(encoded);
  if (!match?.[1]) {
    return undefined;
  }
  const pair = catalogue.get(match[1]);
  if (!pair) {
    return undefined;
  }
  let params: Record<string, unknown> = {};
  if (match[2]) {
    try {
      params = JSON.parse(match[2]) as Record<string, unknown>;
    } catch {
      params = {};
    }
  }
  const text = pair[lang === 'en' ? 1 : 0];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) {
      return whole;
    }
    const label = typeof value === 'string' ? catalogue.get(value) : undefined;
    return label ? label[lang === 'en' ? 1 : 0] : String(value);
  });
}
