import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

const box = new SecretBox(new TextEncoder().encode('a-data-key-of-at-least-32-bytes-0123456789'));

describe('SecretBox', () => {
  it('seals with a fresh IV each time and opens to the same value', () => {
    const a = box.seal('秘密 secret-key/+=');
    const b = box.seal('秘密 secret-key/+=');
    expect(a).toMatch(/^enc:v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret-key');
    expect(box.open(a)).toBe('秘密 secret-key/+=');
    expect(box.open(b)).toBe('秘密 secret-key/+=');
  });

  it('leaves blanks and already sealed values alone and reads values stored before encryption', () => {
    expect(box.seal('')).toBe('');
    const sealed = box.seal('x');
    expect(box.seal(sealed)).toBe(sealed);
    expect(box.open('plain-legacy')).toBe('plain-legacy');
  });

  it('refuses a tampered value and a value sealed under another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split(':');
    const body = Buffer.from(parts[4] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow(/DATA_KEY/);
    const other = new SecretBox(new TextEncoder().encode('another-data-key-of-32-bytes-or-more-xyz'));
    expect(() => other.open(sealed)).toThrow(/DATA_KEY/);
  });
});
