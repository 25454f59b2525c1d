import { createPublicClient, type Hex, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { walletModule } from '../../src/modules/wallet/index.ts';
import { apiCalls } from '../api-calls.ts';
import { twoTenantApp } from '../fixtures.ts';
import { useOutsideChain } from '../outside-chain.ts';

/**
 * A swap asking more than the pool pays is refused before anything is sent: no approval is broadcast for it, so
 * the wallet's nonce and ETH stay as they were. Read from the chain itself, not from the app.
 */
const node = useOutsideChain();
const { t, tokens } = twoTenantApp(() => node.env(), [walletModule]);
const { call, data } = apiCalls(t, '/api/yuan-api', () => tokens.a);
let n = 0;
const rid = () => `swap-${Date.now()}-${++n}`;

describe('a swap refused for its minOut', { timeout: 120_000 }, () => {
  it('sends nothing, while an honest minOut still approves and swaps', async () => {
    const wallet = await data('/clientApp/createWallet', {
      password: 'secret6',
      email: 'swapper@example.com',
      agreed: true,
    });
    const made = await data('/sdk/create', {
      amount: '50',
      count: 1,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await data('/sdk/use', { code: made.codes[0], walletId: wallet.id });
    const rpc = createPublicClient({ transport: http(node.url()) });
    const address = wallet.address as Hex;
    const state = async () => ({
      nonce: await rpc.getTransactionCount({ address, blockTag: 'pending' }),
      eth: await rpc.getBalance({ address, blockTag: 'pending' }),
    });
    const before = await state();
    expect(before.eth).toBeGreaterThan(0n);

    const quote = await data('/clientApp/ybiToEth', { amountIn: '10' });
    for (const minOut of [(Number(quote.amountOut) * 1.01).toFixed(18), '1000']) {
      const refused = await call('/clientApp/ybiToEth', {
        walletId: wallet.id,
        amountIn: '10',
        minOut,
        password: 'secret6',
        requestId: rid(),
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().msg).toMatch(/^兑换所得低于最少可得数量/);
      expect(await state()).toEqual(before);
    }

    const swapped = await data('/clientApp/ybiToEth', {
      walletId: wallet.id,
      amountIn: '10',
      minOut: (Number(quote.amountOut) * 0.99).toFixed(18),
      password: 'secret6',
      requestId: rid(),
    });
    expect(swapped.txHash).toMatch(/^0x/);
    // The approval and the swap: the wallet had never let the pool spend.
    expect((await state()).nonce).toBe(before.nonce + 2);
  });
});
