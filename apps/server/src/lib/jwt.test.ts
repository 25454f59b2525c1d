import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../types.ts';
import { signAccessToken, tokenVerifier, verifyAccessToken } from './jwt.ts';

const secret = new TextEncoder().encode('a-test-secret-of-more-than-32-bytes-0123456789');
const other = new TextEncoder().encode('another-secret-of-more-than-32-bytes-012345678');
const ctx: AuthContext = {
  tenantId: '000000',
  userId: '1123598821738675201',
  account: 'admin',
  roleIds: ['1', '2'],
  roleNames: ['administrator'],
  deptId: '7',
  sessionId: 'sess-1',
  clientId: 'yuan-web',
};
const now = () => Math.floor(Date.now() / 1000);
const claims = {
  iss: 'yuan-admin',
  sub: ctx.userId,
  tid: ctx.tenantId,
  sid: ctx.sessionId,
  typ: 'access',
};
const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const signed = (payload: object, header: { alg: string; crit?: string[] } = { alg: 'HS256' }, key = secret) =>
  new SignJWT({ ...payload }).setProtectedHeader(header as { alg: string }).sign(key);

describe('access tokens', () => {
  it('verify what was signed, with every claim of the context', async () => {
    expect(verifyAccessToken(secret, await signAccessToken(secret, ctx, 60))).toEqual(ctx);
  });

  it('refuse other keys, algorithms, forms and claims', async () => {
    const good = await signed({ ...claims, exp: now() + 60 });
    const [h, p, s] = good.split('.') as [string, string, string];
    expect(verifyAccessToken(secret, good)).not.toBeNull();
    const bad = [
      await signed({ ...claims, exp: now() + 60 }, { alg: 'HS256' }, other),
      await signed({ ...claims, exp: now() + 60 }, { alg: 'HS512' }),
      `${b64({ alg: 'none' })}.${p}.`,
      `${b64({ alg: 'none' })}.${p}.${s}`,
      `${h}.${b64({ ...claims, exp: now() + 60, tid: '200002' })}.${s}`,
      `${h}.${p}.${s}x`,
      `${h}.${p}`,
      `${h}.${p}.${s}.${s}`,
      `${h}.${p}.${s.slice(0, -2)}`,
      'a.b.c',
      '',
      await signed({ ...claims, exp: now() - 1 }),
      await signed({ ...claims }),
      await signed({ ...claims, exp: String(now() + 60) }),
      await signed({ ...claims, exp: now() + 60, nbf: now() + 30 }),
      await signed({ ...claims, exp: now() + 60, iss: 'someone-else' }),
      await signed({ ...claims, exp: now() + 60, typ: 'refresh' }),
      await signed({ ...claims, exp: now() + 60, sub: '' }),
      await signed({ ...claims, exp: now() + 60, sid: undefined }),
      await signed({ ...claims, exp: now() + 60 }, { alg: 'HS256', crit: ['b64'] }).catch(
        () => `${b64({ alg: 'HS256', crit: ['x'] })}.${p}.${s}`,
      ),
      `${Buffer.from('not json').toString('base64url')}.${p}.${s}`,
      `${b64({ alg: 'HS256' })}.${Buffer.from('[1]').toString('base64url')}.${s}`,
    ];
    for (const token of bad) {
      expect(verifyAccessToken(secret, token), token).toBeNull();
    }
  });
});

describe('the verified-token memory', () => {
  it('answers a repeated token without verifying again, and forgets it at its expiry', async () => {
    const verify = tokenVerifier(secret, 2);
    const token = await signed({ ...claims, exp: now() + 1 });
    expect(verify(token)?.userId).toBe(ctx.userId);
    expect(verify(token)?.userId).toBe(ctx.userId);
    // Past its expiry the remembered answer is not used.
    const later = Date.now() + 1_500;
    const realNow = Date.now;
    Date.now = () => later;
    try {
      expect(verify(token)).toBeNull();
    } finally {
      Date.now = realNow;
    }
  });

  it('never remembers a refused token, and keeps at most its capacity', async () => {
    const verify = tokenVerifier(secret, 2);
    const forged = await signed({ ...claims, exp: now() + 60 }, { alg: 'HS256' }, other);
    expect(verify(forged)).toBeNull();
    expect(verify(forged)).toBeNull();
    const tokens = await Promise.all(
      [1, 2, 3].map((n) => signed({ ...claims, sid: `s${n}`, exp: now() + 60 })),
    );
    for (const token of tokens) {
      expect(verify(token)?.sessionId).toMatch(/^s\d$/);
    }
    expect(verify(tokens[0] as string)?.sessionId).toBe('s1');
  });
});
