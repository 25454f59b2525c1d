import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import {
  renderWalletScreen,
  SAMPLE_WALLET,
  sampleWalletInfo,
  serveWalletCalls,
  type WalletAnswers,
} from '../../../test/walletScreen.tsx';
import { PayToOtherPage } from './PayToOtherPage.tsx';

initI18n();
const { fetchMock } = setUpRequests();
// The history table measures itself; jsdom has no ResizeObserver.
beforeEach(stubLayout);

const TO = '0x00000000000000000000000000000000000000b0';
const HASH = `0x${'c'.repeat(64)}`;
const wallet = SAMPLE_WALLET;

const serve = (answers: WalletAnswers) => serveWalletCalls(fetchMock, answers);

function open() {
  renderWalletScreen(<PayToOtherPage />);
}

const errors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function payAndConfirm() {
  fireEvent.click(screen.getByTestId('pay-submit'));
  const dialog = within(await screen.findByTestId('pay-confirm'));
  fireEvent.click(dialog.getByRole('button', { name: '确认转账' }));
  await waitFor(() => expect(screen.queryByTestId('pay-confirm')).toBeNull());
}

describe('pay to other', { timeout: 90_000 }, () => {
  it('checks the form, confirms, and retries a payment without an answer under the same request id', async () => {
    let sends = 0;
    const posted = serve({
      'clientApp/listWallets': () => [wallet],
      'clientApp/getYuanInfo': () => sampleWalletInfo(),
      'clientApp/searchPayeeList': () => [{ id: '3', name: 'Bob', address: TO, remark: '' }],
      'clientApp/transactionList': () => ({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
      'clientApp/sendToken': (body) => {
        sends += 1;
        if (sends === 1) {
          throw new TypeError('Failed to fetch');
        }
        return { requestId: body.requestId, txHash: HASH, status: 'pending' };
      },
    });
    open();
    await waitFor(() => expect(screen.getByTestId('pay-balance').getAttribute('data-value')).toBe('10'));

    fireEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() =>
      expect(errors()).toEqual([
        '请选择收款人或输入钱包地址',
        '数量必须大于0（最多18位小数）',
        '请输入钱包密码',
      ]),
    );
    type('pay-to', '0x123');
    type('pay-amount', '10.5');
    await waitFor(() =>
      expect(errors()).toEqual(['请输入正确的钱包地址', '转账数量不能超过可用余额', '请输入钱包密码']),
    );

    type('pay-to', TO);
    type('pay-amount', '2.50');
    type('pay-password', 'secret');
    await screen.findByTestId('pay-to-payee');
    await payAndConfirm();
    await screen.findByTestId('pay-unknown');

    // The same payment again, typed a little differently: the same request id, so it cannot be paid twice.
    type('pay-amount', '2.5');
    await payAndConfirm();
    const result = await screen.findByTestId('pay-result');
    expect(result.getAttribute('data-status')).toBe('pending');
    expect(screen.getByTestId('pay-tx-hash').textContent).toContain(HASH);
    expect(screen.queryByTestId('pay-unknown')).toBeNull();

    // A new payment after that one gets a new id.
    type('pay-amount', '1');
    type('pay-password', 'secret');
    await payAndConfirm();
    const sent = posted.filter((p) => p.path === 'clientApp/sendToken').map((p) => p.body);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({ walletId: '7', to: TO, amount: '2.50', password: 'secret' });
    expect(sent[1].requestId).toBe(sent[0].requestId);
    expect(sent[2].requestId).not.toBe(sent[0].requestId);
    // The history is read again after a payment.
    await waitFor(() =>
      expect(posted.filter((p) => p.path === 'clientApp/transactionList').length).toBeGreaterThan(1),
    );
  });
});
