/** The subject and bodies of a one-time-code mail, in Chinese or English. */

export type CodePurpose = 'email-verify' | 'pwd-retrieve';
export type MailLang = 'zh' | 'en';

export interface CodeMessage {
  subject: string;
  text: string;
  html: string;
}

/** One-time codes are six digits; checked here because the code is the only variable part of the HTML. */
export const CODE_PATTERN = /^\d{6}$/;

/** Codes expire after this many minutes (the verify-code store's TTL); stated in the mail so users know. */
export const CODE_VALID_MINUTES = 5;

interface Texts {
  /** What the code is for; also the subject. */
  name: Record<CodePurpose, string>;
  intro: (name: string) => string;
  validity: string;
  ignore: string;
}

const TEXTS: Record<MailLang, Texts> = {
  zh: {
    name: { 'email-verify': '邮箱验证码', 'pwd-retrieve': '找回密码验证码' },
    intro: (name) => `您的${name}是：`,
    validity: `验证码 ${CODE_VALID_MINUTES} 分钟内有效，请勿告诉他人。`,
    ignore: '如非本人操作，请忽略本邮件。',
  },
  en: {
    name: { 'email-verify': 'E-mail verification code', 'pwd-retrieve': 'Password retrieval code' },
    intro: (name) => `Your ${name.toLowerCase()} is:`,
    validity: `The code is valid for ${CODE_VALID_MINUTES} minutes. Do not share it with anyone.`,
    ignore: 'If you did not request it, you can ignore this e-mail.',
  },
};

/**
 * Builds the mail. Everything in the HTML is a fixed string from TEXTS except the code, which the caller has checked
 * against CODE_PATTERN, so nothing needs escaping; the recipient's address is deliberately left out of the body.
 */
export function codeMessage(code: string, purpose: CodePurpose, lang: MailLang): CodeMessage {
  if (!CODE_PATTERN.test(code)) {
    throw new RangeError('A one-time code must be exactly six digits');
  }
  const t = TEXTS[lang];
  const name = t.name[purpose];
  const text = `${t.intro(name)}\n\n    ${code}\n\n${t.validity}\n${t.ignore}\n`;
  const html = [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${name}</title></head>`,
    '<body style="font-family:sans-serif;color:#222">',
    `<p>${t.intro(name)}</p>`,
    `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:16px 0">${code}</p>`,
    `<p>${t.validity}</p>`,
    `<p style="color:#888">${t.ignore}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: name, text, html };
}
