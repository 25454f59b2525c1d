import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../test/api-calls.ts';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { walletModule } from './index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [walletModule]);
const { call, data } = apiCalls(t, '/api/yuan-api/clientApp', () => tokens.a);
const owner = { password: 'secret6', email: 'owner@example.com', agreed: true };

describe('wallets', { timeout: 90_000 }, () => {
  it('creates and imports wallets whose keys never come back, and reads their balances from the chain', async () => {
    const made = await data('/createWallet', { ...owner, name: '日常', password2: 'secret6' });
    expect(made).toMatchObject({ name: '日常', email: 'owner@example.com' });
    expect(made.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(JSON.stringify(made)).not.toMatch(/sealed|password|key/i);

    const key = generatePrivateKey();
    const imported = await data('/importWallet', { ...owner, privateKey: key.slice(2) });
    expect(imported.address).toBe(privateKeyToAddress(key));
    // Unnamed, a wallet is named in the caller's language.
    expect(imported.name).toBe('钱包 2');
    expect((await call('/importWallet', { ...owner, privateKey: key })).json().msg).toBe('该钱包已导入');

    const list = await data('/listWallets', {});
    expect(list.map((w: { id: string }) => w.id)).toEqual([made.id, imported.id]);
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/yuan-api/clientApp/createWallet',
      headers: { 'blade-auth': `bearer ${tokens.a}`, 'accept-language': 'en-US,en;q=0.9' },
      payload: owner,
    });
    expect(english.json().data.name, english.body).toBe('Wallet 3');
    expect(await data('/showWalletName', { id: made.id, name: '主钱包' })).toMatchObject({ name: '主钱包' });

    const info = await data('/getYuanInfo', { walletId: made.id });
    expect(info).toMatchObject({
      walletId: made.id,
      address: made.address,
      eth: '0',
      ybi: '0',
      chainId: 31337,
    });
    // Selling 1 YBI into the seeded pool (1,000 YBI per ETH) pays a little under 0.001 ETH.
    expect(Number(info.ybiPriceEth)).toBeGreaterThan(0.00099);
    expect(Number(info.ybiPriceEth)).toBeLessThan(0.001);
  });

  it('refuses a private key of the wrong length with the rule, and what the form rules refuse, naming the field', async () => {
    for (const privateKey of ['ab'.repeat(31), `0x${'ab'.repeat(33)}`, 'zz'.repeat(32)]) {
      const res = await call('/importWallet', { ...owner, privateKey });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('私钥长度应为64位（带0x前缀为66位）');
    }
    expect((await call('/createWallet', { ...owner, password: '12345' })).json().msg).toContain(
      '钱包密码至少6位',
    );
    expect((await call('/createWallet', { ...owner, email: 'nope' })).json().msg).toContain(
      '请输入正确的邮箱',
    );
    expect((await call('/createWallet', { ...owner, agreed: false })).json().msg).toContain(
      '请阅读并同意协议',
    );
    expect((await call('/createWallet', { ...owner, password2: 'other66' })).json().msg).toBe(
      '两次密码输入不一致',
    );
  });

  it('quotes YBI → ETH from the pool while typing, and refuses amounts that are not above 0', async () => {
    const small = await data('/ybiToEth', { amountIn: '1' });
    const large = await data('/ybiToEth', { amountIn: '100000' });
    expect(Number(small.amountOut)).toBeGreaterThan(0.00099);
    // A trade a tenth of the pool moves the price: it pays less per YBI and says by how much.
    expect(Number(large.amountOut) / 100_000).toBeLessThan(Number(small.amountOut));
    expect(large.priceImpactPercent).toBeGreaterThan(small.priceImpactPercent);
    for (const amountIn of ['0', '0.000', '-1', '1e3', 'abc', `1.${'1'.repeat(19)}`]) {
      const res = await call('/ybiToEth', { amountIn });
      expect(res.statusCode, amountIn).toBe(400);
      expect(res.json().msg).toContain('数量必须大于0（最多18位小数）');
    }
  });

  it("shows another tenant's user none of it", async () => {
    const mine = (await data('/listWallets', {}))[0];
    expect(await data('/listWallets', {}, tokens.b)).toEqual([]);
    expect((await call('/showWalletName', { id: mine.id, name: 'x' }, tokens.b)).statusCode).toBe(404);
    expect((await call('/getYuanInfo', { walletId: mine.id }, tokens.b)).statusCode).toBe(404);
  });
});
