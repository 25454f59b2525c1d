import { describe, expect, it } from 'vitest';
import { matchingPayees, payeeOf } from './payees.ts';

const bob = { id: '1', name: 'Bob', address: '0x00000000000000000000000000000000000000B0', remark: '' };
const alice = { id: '2', name: '爱丽丝', address: '0x00000000000000000000000000000000000000a1', remark: '' };

describe('payees', () => {
  it('match by any part of the name or the address, in any case', () => {
    expect(matchingPayees([bob, alice], '')).toEqual([bob, alice]);
    expect(matchingPayees([bob, alice], undefined)).toEqual([bob, alice]);
    expect(matchingPayees([bob, alice], 'bo')).toEqual([bob]);
    expect(matchingPayees([bob, alice], '丽')).toEqual([alice]);
    expect(matchingPayees([bob, alice], ' 00B0 ')).toEqual([bob]);
  });

  it('name a typed address when it is one of them, whatever its case', () => {
    expect(payeeOf([bob, alice], bob.address.toLowerCase())).toBe(bob);
    expect(payeeOf([bob, alice], '0x00000000000000000000000000000000000000c0')).toBeUndefined();
    expect(payeeOf([bob, alice], '')).toBeUndefined();
  });
});
