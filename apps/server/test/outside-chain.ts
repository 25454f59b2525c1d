import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll } from 'vitest';
import { type EmbeddedChain, startAnvil } from '../src/lib/chain/anvil.ts';

/**
 * A node of the test's own, given to the app as an outside node (CHAIN_RPC_URL, CHAIN_ID, TREASURY_KEY), so the
 * test can read the chain itself. Call before `twoTenantApp(...)`: its hooks must run first.
 */
export function useOutsideChain() {
  let node: EmbeddedChain | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'yuan-outside-chain-'));
  beforeAll(async () => {
    node = await startAnvil(dir);
  });
  afterAll(async () => {
    await node?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    url: () => node?.url ?? '',
    env: (): Record<string, string> => {
      const key = mnemonicToAccount(node?.mnemonic ?? '').getHdKey().privateKey;
      return {
        CHAIN_RPC_URL: node?.url ?? '',
        CHAIN_ID: '31337',
        TREASURY_KEY: key ? toHex(key) : '',
      };
    },
  };
}
