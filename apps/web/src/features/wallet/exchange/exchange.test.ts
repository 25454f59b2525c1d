import { describe, expect, it } from 'vitest';
import { proofOf } from './ProofFields.tsx';
import { slippageOf } from './SlippageSetting.tsx';
import { swapKey } from './useSwap.ts';

describe('a swap submission', () => {
  it('is the same swap for the same wallet and amount, however the amount is written', () => {
    const order = { walletId: '7', amountIn: '1.50', minOut: '0.1' };
    expect(swapKey(order)).toBe(swapKey({ ...order, amountIn: '01.5', minOut: '0.09' }));
    expect(swapKey(order)).not.toBe(swapKey({ ...order, amountIn: '1.51' }));
    expect(swapKey(order)).not.toBe(swapKey({ ...order, walletId: '8' }));
  });

  it('sends the proof the user chose, only that one', () => {
    expect(proofOf({ proofKind: 'password', password: 'secret', code: '1234' })).toEqual({
      password: 'secret',
    });
    expect(proofOf({ proofKind: 'code', password: 'secret', code: ' 1234 ' })).toEqual({ code: '1234' });
    expect(proofOf({})).toEqual({ password: '' });
  });

  it('takes the chosen slippage, or the custom one while it is valid', () => {
    expect(slippageOf({ choice: 300, custom: '' })).toBe(300);
    expect(slippageOf({ choice: 'custom', custom: '2.5' })).toBe(250);
    expect(slippageOf({ choice: 'custom', custom: '80' })).toBeNull();
  });
});
