import { AVATAR_MAX_BYTES } from '@yuan/contract/constants';
import { describe, expect, it } from 'vitest';
import { avatarProblem, confirmMatches, isValidEmail, phoneProblem } from './validation.ts';

describe('phone rule (SPEC §5)', () => {
  it('allows an empty phone unless required', () => {
    expect(phoneProblem('')).toBeNull();
    expect(phoneProblem(undefined)).toBeNull();
    expect(phoneProblem('   ')).toBeNull();
    expect(phoneProblem('', true)).toBe('profile.phoneRequired');
    expect(phoneProblem('  ', true)).toBe('profile.phoneRequired');
  });

  it('needs 11 characters', () => {
    expect(phoneProblem('1381234567')).toBe('profile.phoneLength');
    expect(phoneProblem('138123456789')).toBe('profile.phoneLength');
    expect(phoneProblem('123')).toBe('profile.phoneLength');
  });

  it('needs the mobile format once the length is right', () => {
    expect(phoneProblem('12345678901')).toBe('profile.phoneFormat');
    expect(phoneProblem('23812345678')).toBe('profile.phoneFormat');
    expect(phoneProblem('1381234567a')).toBe('profile.phoneFormat');
    expect(phoneProblem('138-1234-56')).toBe('profile.phoneFormat');
  });

  it('accepts valid mobile numbers, ignoring surrounding spaces', () => {
    expect(phoneProblem('13812345678')).toBeNull();
    expect(phoneProblem('19912345678', true)).toBeNull();
    expect(phoneProblem(' 15012345678 ')).toBeNull();
  });
});

describe('email rule', () => {
  it('allows empty and valid addresses only', () => {
    expect(isValidEmail('')).toBe(true);
    expect(isValidEmail(undefined)).toBe(true);
    expect(isValidEmail('user@example.com')).toBe(true);
    expect(isValidEmail(' user@example.com ')).toBe(true);
    expect(isValidEmail('user@')).toBe(false);
    expect(isValidEmail('not an email')).toBe(false);
  });
});

describe('avatar check (jpg/png, at most 500 KB)', () => {
  const file = (name: string, type: string, size = 1024) => ({ name, type, size });

  it('accepts jpg, jpeg and png images', () => {
    expect(avatarProblem(file('me.png', 'image/png'))).toBeNull();
    expect(avatarProblem(file('me.JPG', 'image/jpeg'))).toBeNull();
    expect(avatarProblem(file('me.jpeg', 'image/jpeg'))).toBeNull();
    // No MIME type given: the extension decides.
    expect(avatarProblem(file('me.png', ''))).toBeNull();
  });

  it('refuses other types, by extension or by MIME type', () => {
    expect(avatarProblem(file('me.gif', 'image/gif'))).toBe('profile.avatarType');
    expect(avatarProblem(file('notes.txt', 'text/plain'))).toBe('profile.avatarType');
    expect(avatarProblem(file('png', 'image/png'))).toBe('profile.avatarType');
    expect(avatarProblem(file('me.png', 'text/plain'))).toBe('profile.avatarType');
    expect(avatarProblem(file('me.png.exe', 'application/octet-stream'))).toBe('profile.avatarType');
  });

  it('allows exactly 500 KB and refuses one byte more', () => {
    expect(avatarProblem(file('me.png', 'image/png', AVATAR_MAX_BYTES))).toBeNull();
    expect(avatarProblem(file('me.png', 'image/png', AVATAR_MAX_BYTES + 1))).toBe('profile.avatarSize');
  });

  it('reports the type before the size', () => {
    expect(avatarProblem(file('big.gif', 'image/gif', AVATAR_MAX_BYTES * 2))).toBe('profile.avatarType');
  });
});

describe('password confirmation', () => {
  it('must equal the new password', () => {
    expect(confirmMatches('secret1', 'secret1')).toBe(true);
    expect(confirmMatches('secret1', 'secret2')).toBe(false);
    expect(confirmMatches(undefined, 'secret1')).toBe(false);
  });

  it('leaves an empty confirmation to the required rule', () => {
    expect(confirmMatches('secret1', '')).toBe(true);
    expect(confirmMatches('secret1', undefined)).toBe(true);
  });
});
