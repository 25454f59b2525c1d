import { tokenAmount } from '@yuan/contract/wallet/wallet';
import { describe, expect, it } from 'vitest';
import { zodRule } from './zodRule.ts';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const check = (lang: 'zh' | 'en', value: unknown) =>
  (zodRule(tokenAmount, lang) as { validator: Validator }).validator({}, value);

describe('rules from the contract', () => {
  it("refuse what the server refuses, with its text in the user's language", async () => {
    await expect(check('zh', '1.5')).resolves.toBeUndefined();
    await expect(check('zh', '')).resolves.toBeUndefined();
    await expect(check('zh', '0')).rejects.toThrow('数量必须大于0（最多18位小数）');
    await expect(check('en', '1.1234567890123456789')).rejects.toThrow('at most 18 decimals');
  });
});
