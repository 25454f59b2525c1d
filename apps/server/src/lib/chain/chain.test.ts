import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEther } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { Chain } from './chain.ts';
import { contractArtifacts } from './contracts.ts';

const dir = mkdtempSync(join(tmpdir(), 'yuan-chain-svc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the chain service', { timeout: 90_000 }, () => {
  it('deploys and seeds the contracts once, and finds them again after a restart', async () => {
    const first = new Chain({ dir });
    const { client, deployment } = await first.ready();
    const { YuanPool } = contractArtifacts();
    const pool = { address: deployment.pool, abi: YuanPool.abi } as const;
    expect(await client.readContract({ ...pool, functionName: 'reserveEth' })).toBe(parseEther('1000'));
    // The price comes from the reserves: 1 ETH's worth of YBI quotes just under 1 ETH.
    const quote = (await client.readContract({
      ...pool,
      functionName: 'quoteYbiForEth',
      args: [parseEther('1000')],
    })) as bigint;
    expect(quote).toBeGreaterThan(parseEther('0.99'));
    expect(quote).toBeLessThan(parseEther('1'));
    // Concurrent first calls share one start.
    expect(await first.ready()).toBe(await first.ready());
    await first.stop();

    const second = new Chain({ dir });
    const again = await second.ready();
    try {
      expect(again.deployment).toEqual(deployment);
      expect(await again.client.readContract({ ...pool, functionName: 'reserveYbi' })).toBe(
        parseEther('1000000'),
      );
    } finally {
      await second.stop();
    }
  });

  it('refuses an outside node without the treasury key, and a node of another chain id', async () => {
    await expect(new Chain({ dir, rpcUrl: 'http://127.0.0.1:9' }).ready()).rejects.toThrow(/TREASURY_KEY/);
    const embedded = new Chain({ dir, chainId: 1 });
    await expect(embedded.ready()).rejects.toThrow(/CHAIN_ID is 1 but the node says 31337/);
    await embedded.stop();
  });
});
