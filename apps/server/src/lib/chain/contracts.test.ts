import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  parseEther,
  parseEventLogs,
} from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedChain, startAnvil } from './anvil.ts';
import { contractArtifacts } from './contracts.ts';

const dir = mkdtempSync(join(tmpdir(), 'yuan-contracts-'));
let chain: EmbeddedChain;
beforeAll(async () => {
  chain = await startAnvil(dir);
});
afterAll(async () => {
  await chain?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the token and the exchange pool', { timeout: 60_000 }, () => {
  it('issues per territory, seeds the pool, and swaps at the reserves’ price, never below minOut', async () => {
    const { YuanToken, YuanPool } = contractArtifacts();
    const client = createPublicClient({ transport: http(chain.url) });
    const treasury = createWalletClient({
      account: mnemonicToAccount(chain.mnemonic),
      transport: http(chain.url),
    });
    const deploy = async (artifact: typeof YuanToken, args: unknown[] = []) => {
      const hash = await treasury.deployContract({
        abi: artifact.abi,
        bytecode: artifact.bytecode,
        args,
        chain: null,
      });
      return (await client.waitForTransactionReceipt({ hash })).contractAddress as Address;
    };
    const mined = async (hash: Hex) => {
      const receipt = await client.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe('success');
      return receipt;
    };
    const token = await deploy(YuanToken);
    const pool = await deploy(YuanPool, [token]);
    const tokenAt = { address: token, abi: YuanToken.abi, chain: null } as const;
    const poolAt = { address: pool, abi: YuanPool.abi, chain: null } as const;

    const user = privateKeyToAccount(generatePrivateKey());
    const issued = await mined(
      await treasury.writeContract({
        ...tokenAt,
        functionName: 'mint',
        args: [user.address, parseEther('100'), '110000'],
      }),
    );
    const [issue] = parseEventLogs({ abi: YuanToken.abi, logs: issued.logs, eventName: 'Issued' });
    expect(issue?.args).toMatchObject({ territory: '110000', to: user.address, value: parseEther('100') });
    await mined(
      await treasury.writeContract({
        ...tokenAt,
        functionName: 'mint',
        args: [treasury.account.address, parseEther('10000'), ''],
      }),
    );
    await mined(
      await treasury.writeContract({
        ...tokenAt,
        functionName: 'approve',
        args: [pool, parseEther('10000')],
      }),
    );
    await mined(
      await treasury.writeContract({
        ...poolAt,
        functionName: 'addLiquidity',
        args: [parseEther('10000')],
        value: parseEther('10'),
      }),
    );

    // The user needs gas, then lets the pool take their YBI.
    await mined(await treasury.sendTransaction({ to: user.address, value: parseEther('1'), chain: null }));
    const userWallet = createWalletClient({ account: user, transport: http(chain.url) });
    await mined(
      await userWallet.writeContract({
        ...tokenAt,
        functionName: 'approve',
        args: [pool, parseEther('100')],
      }),
    );
    const quote = (await client.readContract({
      ...poolAt,
      functionName: 'quoteYbiForEth',
      args: [parseEther('100')],
    })) as bigint;
    // 100 of 10,000 YBI against 10 ETH: just under 0.1 ETH after the fee and the price moving.
    expect(quote).toBeGreaterThan(parseEther('0.098'));
    expect(quote).toBeLessThan(parseEther('0.1'));

    await expect(
      userWallet.writeContract({
        ...poolAt,
        functionName: 'swapYbiForEth',
        args: [parseEther('100'), quote + 1n, user.address],
      }),
    ).rejects.toThrow(/less than minOut/);
    const before = await client.getBalance({ address: user.address });
    const swap = await mined(
      await userWallet.writeContract({
        ...poolAt,
        functionName: 'swapYbiForEth',
        args: [parseEther('100'), quote, user.address],
      }),
    );
    const gas = swap.gasUsed * swap.effectiveGasPrice;
    expect(await client.getBalance({ address: user.address })).toBe(before + quote - gas);
    expect(await client.readContract({ ...tokenAt, functionName: 'balanceOf', args: [user.address] })).toBe(
      0n,
    );
    expect(await client.readContract({ ...poolAt, functionName: 'reserveYbi' })).toBe(parseEther('10100'));
  });
});
