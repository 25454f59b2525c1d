import { createPublicClient, type Hex, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../test/api-calls.ts';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { secondNode } from '../../../test/harness.ts';
import { useOutsideChain } from '../../../test/outside-chain.ts';
import { useTestSmtp } from '../../../test/peers/smtp-server.ts';
import { walletModule } from './index.ts';

// Codes for paying are mailed: a real SMTP server on loopback receives them.
const smtp = useTestSmtp();
// The app pays on a node of the test's own (the outside-node configuration), which the test reads directly.
const node = useOutsideChain();
const { t, tokens } = twoTenantApp(() => ({ ...smtp.env(), ...node.env() }), [walletModule]);
const api = apiCalls(t, '/api/yuan-api', () => tokens.a);
const { call, data } = api;
const owner = { password: 'secret6', agreed: true };
let n = 0;
const rid = () => `req-${Date.now()}-${++n}`;

/** Redeems a fresh code of `amount` YBI into the wallet (the treasury mints on chain). */
async function fund(walletId: string, amount: string, territory?: string) {
  const made = await data('/sdk/create', {
    amount,
    territory,
    count: 1,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  return data('/sdk/use', { code: made.codes[0], walletId });
}
const info = (walletId: string, token = tokens.a) => data('/clientApp/getYuanInfo', { walletId }, token);

describe('payments on the embedded chain', { timeout: 120_000 }, () => {
  let mine: { id: string; address: string };
  let theirs: { id: string; address: string };
  let rpc: ReturnType<typeof createPublicClient>;

  it('moves exactly the amount between two users’ wallets, read back from the chain', async () => {
    mine = await data('/clientApp/createWallet', { ...owner, email: 'payer@example.com' });
    theirs = await data('/clientApp/createWallet', { ...owner, email: 'payee@example.com' }, tokens.noPerm);
    const redeemed = await fund(mine.id, '100', '110000');
    expect(redeemed).toMatchObject({ amount: '100' });
    expect(await info(mine.id)).toMatchObject({ ybi: '100', eth: '0.01' });

    const paid = await data('/clientApp/sendToken', {
      walletId: mine.id,
      to: theirs.address,
      amount: '12.5',
      password: 'secret6',
      requestId: rid(),
    });
    expect(paid).toMatchObject({ status: 'pending' });
    expect(paid.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await info(mine.id)).ybi).toBe('87.5');
    expect((await info(theirs.id, tokens.noPerm)).ybi).toBe('12.5');
  });

  it('refuses a payment above the balance, or with a wrong password, before anything is sent', async () => {
    const { chainId } = await info(mine.id);
    expect(chainId).toBe(31337);
    rpc = createPublicClient({ transport: http(node.url()) });
    const nonce = await rpc.getTransactionCount({ address: mine.address as Hex });
    const short = await call('/clientApp/sendToken', {
      walletId: mine.id,
      to: theirs.address,
      amount: '1000',
      password: 'secret6',
      requestId: rid(),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe('余额不足：需要 1000 YBI，可用 87.5 YBI');
    const wrong = await call('/clientApp/sendToken', {
      walletId: mine.id,
      to: theirs.address,
      amount: '1',
      password: 'nope66',
      requestId: rid(),
    });
    expect(wrong.json().msg).toBe('钱包密码或验证码错误');
    expect(
      (
        await call('/clientApp/sendToken', {
          walletId: mine.id,
          to: theirs.address,
          amount: '1',
          requestId: rid(),
        })
      ).json().msg,
    ).toContain('请输入钱包密码或验证码');
    expect(await rpc.getTransactionCount({ address: mine.address as Hex })).toBe(nonce);
    expect((await info(mine.id)).ybi).toBe('87.5');
  });

  it('answers a retried request id with the first result and never pays twice', async () => {
    const body = {
      walletId: mine.id,
      to: theirs.address,
      amount: '2',
      password: 'secret6',
      requestId: rid(),
    };
    const [first, second] = await Promise.all([
      data('/clientApp/sendToken', body),
      data('/clientApp/sendToken', body),
    ]);
    const third = await data('/clientApp/sendToken', body);
    expect(second.txHash).toBe(first.txHash);
    expect(third.txHash).toBe(first.txHash);
    expect((await info(mine.id)).ybi).toBe('85.5');
    // The same id for another payment is refused, not taken for the first.
    expect((await call('/clientApp/sendToken', { ...body, amount: '3' })).json().msg).toBe(
      '该请求编号已用于另一笔交易',
    );
    expect(
      (await call('/clientApp/ybiToEth', { ...body, amountIn: '1', amount: undefined, to: undefined })).json()
        .msg,
    ).toBe('该请求编号已用于另一笔交易');
  });

  it('lands ten concurrent payments from one wallet, each with its own nonce', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        data('/clientApp/sendToken', {
          walletId: mine.id,
          to: theirs.address,
          amount: '0.5',
          password: 'secret6',
          requestId: rid(),
        }),
      ),
    );
    const txs = await Promise.all(answers.map((a) => rpc.getTransactionReceipt({ hash: a.txHash })));
    expect(txs.every((r) => r.status === 'success')).toBe(true);
    const nonces = await Promise.all(
      answers.map(async (a) => (await rpc.getTransaction({ hash: a.txHash })).nonce),
    );
    expect(new Set(nonces).size).toBe(10);
    expect((await info(mine.id)).ybi).toBe('80.5');
    expect((await info(theirs.id, tokens.noPerm)).ybi).toBe('19.5');
  });

  it('pays with the 4-digit code mailed to the wallet’s address instead of the password', async () => {
    await data('/clientApp/sendPayCode', { walletId: mine.id });
    const code = smtp.lastCodeTo('payer@example.com', 4);
    expect(code).toMatch(/^\d{4}$/);
    const body = { walletId: mine.id, to: theirs.address, amount: '0.5', requestId: rid() };
    const wrong = code === '0000' ? '0001' : '0000';
    expect((await call('/clientApp/sendToken', { ...body, code: wrong })).json().msg).toBe(
      '钱包密码或验证码错误',
    );
    expect(await data('/clientApp/sendToken', { ...body, code })).toMatchObject({ status: 'pending' });
    // A code works once.
    expect((await call('/clientApp/sendToken', { ...body, requestId: rid(), code })).json().msg).toBe(
      '钱包密码或验证码错误',
    );
    expect((await info(mine.id)).ybi).toBe('80');
  });

  it('swaps YBI for ETH only when the pool pays at least minOut', async () => {
    const quote = await data('/clientApp/ybiToEth', { amountIn: '10' });
    const before = await info(mine.id);
    const tooMuch = await call('/clientApp/ybiToEth', {
      walletId: mine.id,
      amountIn: '10',
      minOut: (Number(quote.amountOut) * 1.01).toFixed(18),
      password: 'secret6',
      requestId: rid(),
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().msg).toMatch(/^兑换所得低于最少可得数量/);
    expect((await info(mine.id)).ybi).toBe(before.ybi);
    const minOut = (Number(quote.amountOut) * 0.99).toFixed(18);
    const swapped = await data('/clientApp/ybiToEth', {
      walletId: mine.id,
      amountIn: '10',
      minOut,
      password: 'secret6',
      requestId: rid(),
    });
    expect(swapped.txHash).toMatch(/^0x/);
    const after = await info(mine.id);
    expect(after.ybi).toBe('70');
    // The ETH received, less the fees of the approval and the swap, is above minOut less a little for fees.
    expect(Number(after.eth) - Number(before.eth)).toBeGreaterThan(Number(minOut) - 0.001);
  });

  it('lists the wallet’s transfers and swaps from the index, confirmed', async () => {
    let page = {
      records: [] as { kind: string; status: string; direction: string; amount: string }[],
      total: 0,
    };
    // 1 issue; 12.5, 2 (its retries paid nothing), ten and one (by code) of 0.5 out; 1 swap.
    const deadline = Date.now() + 30_000;
    do {
      page = await data('/clientApp/transactionList', { walletId: mine.id, current: 1, size: 50 });
      await new Promise((r) => setTimeout(r, 200));
    } while (
      !(page.total === 15 && page.records.every((r) => r.status === 'confirmed')) &&
      Date.now() < deadline
    );
    expect(page.total).toBe(15);
    // The whole newest part of the list when the order is not what the chain did.
    expect(page.records[0], JSON.stringify(page.records.slice(0, 4))).toMatchObject({
      kind: 'swap',
      direction: 'out',
      amount: '10',
      status: 'confirmed',
    });
    expect(page.records.at(-1)).toMatchObject({ kind: 'issue', direction: 'in', amount: '100' });
    expect(page.records.filter((r) => r.kind === 'transfer' && r.direction === 'out')).toHaveLength(13);
    // The receiving side's rows come from the chain's logs, which the indexer may reach a poll later.
    let theirsPage = { records: [] as { direction: string }[], total: 0 };
    const theirsBy = Date.now() + 30_000;
    do {
      theirsPage = await data(
        '/clientApp/transactionList',
        { walletId: theirs.id, current: 1, size: 5 },
        tokens.noPerm,
      );
      await new Promise((r) => setTimeout(r, 200));
    } while (theirsPage.total < 13 && Date.now() < theirsBy);
    expect(theirsPage.total).toBe(13);
    expect(theirsPage.records.every((r: { direction: string }) => r.direction === 'in')).toBe(true);
    // The redeemed code was issued to its territory; the pool's seed to none.
    const issued = await data('/clientApp/groupMiner', {});
    expect(issued.territories).toContainEqual({
      code: '110000',
      name: '北京市',
      total: '100',
      share: expect.any(Number),
    });
    expect(
      issued.daily.some((d: { code: string; amount: string }) => d.code === '110000' && d.amount === '100'),
    ).toBe(true);
    expect(issued.blocks.length).toBeGreaterThan(0);
  });

  it("shows another tenant's user none of it", async () => {
    const b = tokens.b;
    expect(
      (
        await call(
          '/clientApp/sendToken',
          { walletId: mine.id, to: theirs.address, amount: '1', password: 'secret6', requestId: rid() },
          b,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('/clientApp/transactionList', { walletId: mine.id }, b)).statusCode).toBe(404);
    expect((await call('/clientApp/sendPayCode', { walletId: mine.id }, b)).statusCode).toBe(404);
    expect(
      (
        await call(
          '/clientApp/ybiToEth',
          { walletId: mine.id, amountIn: '1', minOut: '0', password: 'secret6', requestId: rid() },
          b,
        )
      ).statusCode,
    ).toBe(404);
    const made = await data('/sdk/create', {
      amount: '1',
      count: 1,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const theirWallet = await data('/clientApp/createWallet', { ...owner, email: 'b@example.com' }, b);
    expect((await call('/sdk/use', { code: made.codes[0], walletId: theirWallet.id }, b)).json().msg).toBe(
      '兑换码无效、已使用或已过期',
    );
    expect((await call('/sdk/use', { code: made.codes[0], walletId: mine.id }, b)).statusCode).toBe(404);
  });
  it('redeems a code once, also under concurrency, and limits wrong codes', async () => {
    const made = await data('/sdk/create', {
      amount: '5',
      count: 1,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const code = made.codes[0];
    const tries = await Promise.all([
      call('/sdk/use', { code, walletId: mine.id }),
      call('/sdk/use', { code, walletId: theirs.id }, tokens.noPerm),
    ]);
    expect(tries.map((r) => r.json().success).sort()).toEqual([false, true]);
    expect(tries.find((r) => !r.json().success)?.json().msg).toBe('兑换码无效、已使用或已过期');
    const ybi = Number((await info(mine.id)).ybi) + Number((await info(theirs.id, tokens.noPerm)).ybi);
    expect(ybi).toBe(70 + 19.5 + 0.5 + 5);
    // Tenant B's user guesses codes (one wrong try was made above): after five misses in the window redemption is
    // refused, even of a right code.
    const [guesser] = await data('/clientApp/listWallets', {}, tokens.b);
    const answers: number[] = [];
    for (let i = 0; i < 6 && answers.at(-1) !== 429; i++) {
      answers.push(
        (await call('/sdk/use', { code: `AAAA-BBBB-CCCC-DDD${i}`, walletId: guesser.id }, tokens.b))
          .statusCode,
      );
    }
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    const right = await data('/sdk/create', { amount: '1', count: 1, expiresAt: made.expiresAt }, tokens.b);
    const limited = await call('/sdk/use', { code: right.codes[0], walletId: guesser.id }, tokens.b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().msg).toBe('兑换码错误次数过多，请 15 分钟后再试');
    // Making codes needs the territory-code permission.
    expect(
      (await call('/sdk/create', { amount: '1', count: 1, expiresAt: made.expiresAt }, tokens.noPerm))
        .statusCode,
    ).toBe(403);
  });

  it('lands concurrent payments from one wallet through two nodes, never reusing a nonce, and a request id once', async () => {
    // A second server process on the same database and the same chain node, as behind a load balancer.
    const other = await secondNode(t, [walletModule], { ...smtp.env(), ...node.env() });
    try {
      const before = BigInt(Math.round(Number((await info(mine.id)).ybi) * 10));
      const answers = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const body = {
            walletId: mine.id,
            to: theirs.address,
            amount: '0.5',
            password: 'secret6',
            requestId: rid(),
          };
          const res = await (i % 2 === 0 ? t : other).call(
            'POST',
            '/api/yuan-api/clientApp/sendToken',
            tokens.a,
            body,
          );
          expect(res.json()).toMatchObject({ success: true });
          return res.json().data as { txHash: Hex };
        }),
      );
      const receipts = await Promise.all(answers.map((a) => rpc.getTransactionReceipt({ hash: a.txHash })));
      expect(receipts.every((r) => r.status === 'success')).toBe(true);
      const nonces = await Promise.all(
        answers.map(async (a) => (await rpc.getTransaction({ hash: a.txHash })).nonce),
      );
      expect(new Set(nonces).size).toBe(8);
      expect(BigInt(Math.round(Number((await info(mine.id)).ybi) * 10))).toBe(before - 40n);

      // One request id sent to both nodes at once is one payment.
      const once = {
        walletId: mine.id,
        to: theirs.address,
        amount: '0.5',
        password: 'secret6',
        requestId: rid(),
      };
      const both = await Promise.all(
        [t, other].map((app) => app.call('POST', '/api/yuan-api/clientApp/sendToken', tokens.a, once)),
      );
      const hashes = both.map((res) => (res.json().data as { txHash: Hex }).txHash);
      expect(hashes[0]).toMatch(/^0x[0-9a-f]{64}$/);
      expect(hashes[1]).toBe(hashes[0]);
      expect(BigInt(Math.round(Number((await info(mine.id)).ybi) * 10))).toBe(before - 45n);
    } finally {
      await other.close();
    }
  });
});
