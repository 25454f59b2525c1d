import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../shared/api/http.ts';
import { afterOutcome, attemptFor, newRequestId, outcomeOf, paymentKey } from './requestId.ts';

const payment = { walletId: '1', to: '0xAbC0000000000000000000000000000000000001', amount: '1.50' };

describe('payment request ids', () => {
  it('are fresh for a first submission', () => {
    const fresh = vi.fn(() => 'id-1');
    expect(attemptFor(null, paymentKey(payment), fresh)).toEqual({
      key: paymentKey(payment),
      requestId: 'id-1',
    });
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('are reused when the same payment is retried after no answer', () => {
    const first = attemptFor(null, paymentKey(payment), () => 'id-1');
    const pending = afterOutcome(first, outcomeOf(new RequestError('网络异常', 0, 0, null)));
    // The same payment typed a little differently is still the same payment.
    const again = { ...payment, to: payment.to.toLowerCase(), amount: '1.5' };
    const fresh = vi.fn(() => 'id-2');
    expect(attemptFor(pending, paymentKey(again), fresh).requestId).toBe('id-1');
    expect(fresh).not.toHaveBeenCalled();
  });

  it('are new after a payment, a refusal, or when the payment changed', () => {
    const first = attemptFor(null, paymentKey(payment), () => 'id-1');
    expect(afterOutcome(first, 'paid')).toBeNull();
    expect(afterOutcome(first, outcomeOf(new RequestError('钱包密码错误', 400, 400, null)))).toBeNull();
    const pending = afterOutcome(first, 'unknown');
    expect(attemptFor(pending, paymentKey({ ...payment, amount: '2' }), () => 'id-2').requestId).toBe('id-2');
    expect(attemptFor(pending, paymentKey({ ...payment, walletId: '2' }), () => 'id-3').requestId).toBe(
      'id-3',
    );
  });

  it('treat server failures and unexpected errors as unknown, answered refusals as refused', () => {
    expect(outcomeOf(new RequestError('x', 500, 500, null))).toBe('unknown');
    expect(outcomeOf(new RequestError('x', 502, 502, null))).toBe('unknown');
    expect(outcomeOf(new TypeError('x'))).toBe('unknown');
    expect(outcomeOf(new RequestError('x', 200, 400, null))).toBe('refused');
  });

  it('fit the server rule, with or without randomUUID', () => {
    const rule = /^[A-Za-z0-9_-]{8,64}$/;
    expect(newRequestId()).toMatch(rule);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const id = newRequestId();
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(newRequestId()).not.toBe(id);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
