import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Address, createTestClient, http, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { Chain, type Ready } from '../../lib/chain/chain.ts';
import { contractArtifacts } from '../../lib/chain/contracts.ts';
import { ChainIndexRepo } from './chain-index.repo.ts';
import { ChainIndexer } from './indexer.ts';
import { RequestRepo } from './request.repo.ts';
import { walletModule } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'yuan-indexer-'));
const ALICE: Address = '0x52908400098527886E0F7030069857D2E4169EE7';
let t: TestApp;
let chain: Chain;
let ready: Ready;
let repo: ChainIndexRepo;

beforeAll(async () => {
  t = await createTestApp({}, [walletModule]);
  chain = new Chain({ dir });
  ready = await chain.ready();
  repo = new ChainIndexRepo(t.database.db);
});
afterAll(async () => {
  await chain.stop();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const indexer = (confirmations = 0) =>
  new ChainIndexer(t.database, chain, repo, new RequestRepo(t.database.db), confirmations, () => undefined);
const asAll = <T>(fn: () => Promise<T>) => t.database.run({ allTenants: true }, fn);
/** Alice's indexed amounts, oldest first. */
const aliceAmounts = async () => {
  const { records } = await asAll(() =>
    repo.history('000000', ready.deployment.chainId, '0', ALICE, { current: 1, size: 50 }),
  );
  return records.map((r) => `${r.kind}:${BigInt(r.amount) / 10n ** 18n}`).reverse();
};
async function mint(amount: string, territory: string): Promise<`0x${string}`> {
  const { YuanToken } = contractArtifacts();
  const hash = await ready.treasury.writeContract({
    address: ready.deployment.token,
    abi: YuanToken.abi,
    functionName: 'mint',
    args: [ALICE, parseEther(amount), territory],
    account: ready.account,
    chain: null,
  });
  await ready.client.waitForTransactionReceipt({ hash });
  return hash;
}

describe('the chain indexer', { timeout: 90_000 }, () => {
  it('indexes transfers and issuance per territory, and resumes from its cursor after a restart', async () => {
    await mint('5', '110000');
    await indexer().tick();
    expect(await aliceAmounts()).toEqual(['issue:5']);
    await mint('7', '310000');
    await mint('1', '110000');
    // A new indexer (the server restarted) reads on from where the last one stopped, nothing twice.
    const head = await ready.client.getBlockNumber({ cacheTime: 0 });
    expect(await indexer().tick()).toBe(head);
    expect(await aliceAmounts()).toEqual(['issue:5', 'issue:7', 'issue:1']);
    expect(await indexer().tick()).toBe(head);
    const issued = await asAll(() => repo.issuance(ready.deployment.chainId, {}));
    // The pool's seed liquidity was minted to no territory.
    expect(issued.territories.map((r) => [r.code, r.name, BigInt(r.total) / 10n ** 18n])).toEqual([
      ['', '', 1_000_000n],
      ['310000', '上海市', 7n],
      ['110000', '北京市', 6n],
    ]);
    expect(issued.blocks[0]?.number).toBe(head.toString());
  });

  it('waits for the configured confirmations', async () => {
    const test = createTestClient({ mode: 'anvil', transport: http(ready.url) });
    await mint('2', '');
    const waiting = indexer(2);
    await waiting.tick();
    expect(await aliceAmounts()).toHaveLength(3);
    await test.mine({ blocks: 2 });
    await waiting.tick();
    expect(await aliceAmounts()).toEqual(['issue:5', 'issue:7', 'issue:1', 'issue:2']);
  });

  it('keeps a sent payment in the history until its block is indexed, and only then settles it', async () => {
    // Mining is not idempotent (a retry would mine the blocks again) and 2,100 blocks take a while on a busy machine.
    const test = createTestClient({
      mode: 'anvil',
      transport: http(ready.url, { timeout: 120_000, retryCount: 0 }),
    });
    await indexer().tick();
    // More blocks than one round reads, then the payment: the next round stops short of its block.
    await test.mine({ blocks: 2_100 });
    const hash = await mint('3', '');
    await asAll(() =>
      t.database.db
        .insertInto('yuan_wallet_request')
        .values({
          tenant_id: '000000',
          user_id: '1',
          request_id: 'indexer-settle',
          wallet_id: '0',
          kind: 'send',
          to_address: ALICE.toLowerCase(),
          amount: parseEther('3').toString(),
          tx_hash: hash,
          status: 'pending',
        })
        .execute(),
    );
    const line = async () => {
      const { records } = await asAll(() =>
        repo.history('000000', ready.deployment.chainId, '0', ALICE, { current: 1, size: 1 }),
      );
      return records.map((r) => `${r.txHash === hash ? 'the payment' : r.kind}:${r.status}`);
    };
    const status = async () =>
      (
        await asAll(() =>
          t.database.db
            .selectFrom('yuan_wallet_request')
            .select('status')
            .where('request_id', '=', 'indexer-settle')
            .executeTakeFirstOrThrow(),
        )
      ).status;
    const head = await ready.client.getBlockNumber({ cacheTime: 0 });
    expect(await indexer().tick()).toBeLessThan(head);
    // Its receipt is there, its event not yet indexed: still pending, still listed.
    expect(await status()).toBe('pending');
    expect(await line()).toEqual(['the payment:pending']);
    expect(await indexer().tick()).toBe(head);
    expect(await status()).toBe('confirmed');
    expect(await line()).toEqual(['the payment:confirmed']);
  });

  it('reads a reorganised block again', async () => {
    const test = createTestClient({ mode: 'anvil', transport: http(ready.url) });
    const snapshot = await test.snapshot();
    await mint('11', '');
    await indexer().tick();
    expect((await aliceAmounts()).at(-1)).toBe('issue:11');
    // The chain drops that block and another takes its height.
    await test.revert({ id: snapshot });
    await mint('13', '');
    await indexer().tick();
    expect(await aliceAmounts()).toEqual(['issue:5', 'issue:7', 'issue:1', 'issue:2', 'issue:3', 'issue:13']);
  });
});
