import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAddress } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { alive } from '../../../test/process/pids.ts';
import { EMBEDDED_CHAIN_ID, startAnvil } from './anvil.ts';

const dir = mkdtempSync(join(tmpdir(), 'yuan-chain-'));
const leftovers: number[] = [];
afterAll(() => {
  for (const pid of leftovers.filter(alive)) {
    process.kill(pid, 'SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
});

const OWNER = new URL('../../../test/process/anvil-owner.ts', import.meta.url).pathname;

/** Starts the chain in `chainDir` from another process that then dies without stopping it (see anvil-owner.ts). */
async function orphanedBy(how: 'stay' | 'exit', chainDir: string) {
  const owner = spawn(process.execPath, ['--import', 'tsx', OWNER, chainDir, how], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => owner.once('exit', resolve));
  const line = await new Promise<string>((resolve) =>
    owner.stdout?.once('data', (c: Buffer) => resolve(String(c))),
  );
  const { url, mnemonic } = JSON.parse(line) as { url: string; mnemonic: string };
  const pid = Number(readFileSync(join(chainDir, 'anvil.pid'), 'utf8'));
  leftovers.push(pid);
  return { owner, exited, url, mnemonic, pid };
}

async function gone(pid: number, withinMs: number): Promise<boolean> {
  for (const until = Date.now() + withinMs; Date.now() < until; await sleep(50)) {
    if (!alive(pid)) {
      return true;
    }
  }
  return !alive(pid);
}

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

  it('is stopped by the next start when a killed server left it running, its state kept', async () => {
    const chainDir = join(dir, 'orphan');
    const payee = privateKeyToAddress(generatePrivateKey());
    const first = await orphanedBy('stay', chainDir);
    const funded = mnemonicToAccount(first.mnemonic);
    const wallet = createWalletClient({ account: funded, transport: http(first.url) });
    const client = createPublicClient({ transport: http(first.url) });
    const hash = await wallet.sendTransaction({ to: payee, value: parseEther('2.5'), chain: null });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
    first.owner.kill('SIGKILL');
    await first.exited;
    await sleep(300);
    // Its server is gone, the node is not.
    expect(alive(first.pid)).toBe(true);

    const second = await startAnvil(chainDir);
    try {
      expect(alive(first.pid)).toBe(false);
      const again = createPublicClient({ transport: http(second.url) });
      // Stopped with SIGTERM, it wrote its state first: the transfer of a moment before is there.
      expect(await again.getBalance({ address: payee })).toBe(parseEther('2.5'));
      expect(Number(readFileSync(join(chainDir, 'anvil.pid'), 'utf8'))).not.toBe(first.pid);
    } finally {
      await second.stop();
    }
    expect(existsSync(join(chainDir, 'anvil.pid'))).toBe(false);
  });

  it('is sent SIGTERM when its server exits without stopping it', async () => {
    const left = await orphanedBy('exit', join(dir, 'exit'));
    await left.exited;
    expect(await gone(left.pid, 5_000)).toBe(true);
  });
});
