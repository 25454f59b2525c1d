import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER, validateRegister } from './registerForm.ts';

const t = (key: string) => key;

describe('register form', () => {
  it('asks for the tenant, the account and the password, in that order, and compares the passwords', () => {
    expect(validateRegister({ ...EMPTY_REGISTER, tenantId: ' ' }, t)).toEqual({
      tenantId: 'register.tenantRequired',
      account: 'register.accountRequired',
      password: 'register.passwordRequired',
    });
    expect(
      validateRegister({ ...EMPTY_REGISTER, account: 'a', password: 'secret1', password2: 'secret2' }, t),
    ).toEqual({ password2: 'register.mismatch' });
    expect(
      validateRegister({ ...EMPTY_REGISTER, account: 'a', password: 'secret1', password2: 'secret1' }, t),
    ).toEqual({});
  });

  it('starts on the platform tenant', () => {
    expect(EMPTY_REGISTER.tenantId).toBe('000000');
  });
});
