import type { Language } from '@yuan/contract';
import { renderMessage } from '@yuan/contract/form-messages';
import { WALLET_MESSAGES } from '@yuan/contract/wallet/wallet';

/**
 * The text of one of the wallet rules (SPEC §5) in the interface language: the contract's own message, the one the
 * server answers when the same rule fails there, so the browser and the server never word a rule differently.
 */
export function ruleText(lang: Language, rule: keyof typeof WALLET_MESSAGES): string {
  const key = WALLET_MESSAGES[rule];
  return renderMessage(lang, `@${key}`) ?? key;
}

/** The server's rules, as regular expressions for the form fields (the contract keeps them inside zod schemas). */
export const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const PRIVATE_KEY = /^(0x)?[0-9a-fA-F]{64}$/;
export const PAY_CODE = /^\d{4}$/;
export const WALLET_PASSWORD_MIN = 6;
