/** The subject and bodies of a one-time-code mail, in Chinese or English. */

export type CodePurpose = 'email-verify' | 'pwd-retrieve' | 'wallet-pay' | 'redeem-code';
export type MailLang = 'zh' | 'en';

export interface CodeMessage {
  subject: string;
  text: string;
  html: string;
}

/**
 * The shape of each kind of code (six digits; a wallet payment's four; a redemption code's groups of letters and
 * digits), checked here because the code is the only variable part of the HTML.
 */
export const CODE_PATTERNS: Record<CodePurpose, RegExp> = {
  'email-verify': /^\d{6}$/,
  'pwd-retrieve': /^\d{6}$/,
  'wallet-pay': /^\d{4}$/,
  'redeem-code': /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/,
};

/** Codes expire after this many minutes (the verify-code store's TTL); stated in the mail so users know. */
export const CODE_VALID_MINUTES = 5;

interface Texts {
  /** What the code is for; also the subject. */
  name: Record<CodePurpose, string>;
  intro: (name: string) => string;
  validity: string;
  /** A redemption code does not expire in minutes: it works once. */
  once: string;
  ignore: string;
}

const TEXTS: Record<MailLang, Texts> = {
  zh: {
    name: {
      'email-verify': '邮箱验证码',
      'pwd-retrieve': '找回密码验证码',
      'wallet-pay': '钱包支付验证码',
      'redeem-code': '兑换码',
    },
    intro: (name) => `您的${name}是：`,
    validity: `验证码 ${CODE_VALID_MINUTES} 分钟内有效，请勿告诉他人。`,
    once: '兑换码仅可使用一次，请勿告诉他人。',
    ignore: '如非本人操作，请忽略本邮件。',
  },
  en: {
    name: {
      'email-verify': 'E-mail verification code',
      'pwd-retrieve': 'Password retrieval code',
      'wallet-pay': 'Wallet payment code',
      'redeem-code': 'Redemption code',
    },
    intro: (name) => `Your ${name.toLowerCase()} is:`,
    validity: `The code is valid for ${CODE_VALID_MINUTES} minutes. Do not share it with anyone.`,
    once: 'The code works once. Do not share it with anyone.',
    ignore: 'If you did not request it, you can ignore this e-mail.',
  },
};

/**
 * Builds the mail. Everything in the HTML is a fixed string from TEXTS except the code, which the caller has checked
 * against CODE_PATTERNS, so nothing needs escaping; the recipient's address is deliberately left out of the body.
 */
export function codeMessage(code: string, purpose: CodePurpose, lang: MailLang): CodeMessage {
  if (!CODE_PATTERNS[purpose].test(code)) {
    throw new RangeError(`Not a ${purpose} code`);
  }
  const t = TEXTS[lang];
  const name = t.name[purpose];
  const validity = purpose === 'redeem-code' ? t.once : t.validity;
  const text = `${t.intro(name)}\n\n    ${code}\n\n${validity}\n${t.ignore}\n`;
  const html = [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${name}</title></head>`,
    '<body style="font-family:sans-serif;color:#222">',
    `<p>${t.intro(name)}</p>`,
    `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:16px 0">${code}</p>`,
    `<p>${validity}</p>`,
    `<p style="color:#888">${t.ignore}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: name, text, html };
}
