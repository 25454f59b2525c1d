import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAddress } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_CHAIN_ID, startAnvil } from './anvil.ts';

const dir = mkdtempSync(join(tmpdir(), 'yuan-chain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded chain', { timeout: 60_000 }, () => {
  it('answers on loopback and keeps balances and its accounts across a restart', async () => {
    const payee = privateKeyToAddress(generatePrivateKey());
    const first = await startAnvil(dir);
    try {
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = createPublicClient({ transport: http(first.url) });
      expect(await client.getChainId()).toBe(EMBEDDED_CHAIN_ID);
      const funded = mnemonicToAccount(first.mnemonic);
      expect(await client.getBalance({ address: funded.address })).toBeGreaterThan(parseEther('1000'));
      const wallet = createWalletClient({ account: funded, transport: http(first.url) });
      const hash = await wallet.sendTransaction({ to: payee, value: parseEther('1.5'), chain: null });
      expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
    } finally {
      await first.stop();
    }

    const second = await startAnvil(dir);
    try {
      expect(second.mnemonic).toBe(first.mnemonic);
      const client = createPublicClient({ transport: http(second.url) });
      expect(await client.getBalance({ address: payee })).toBe(parseEther('1.5'));
      expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(1n);
    } finally {
      await second.stop();
    }
  });
});
