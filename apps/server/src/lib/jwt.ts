import { createHmac, createSecretKey, type KeyObject, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { CacheRegistry } from './cache/cache-registry.ts';
import type { AuthContext } from '../types.ts';

const ISSUER = 'yuan-admin';
/** The secret as a key object, made once: jose would otherwise import the raw bytes on every call. */
const keys = new WeakMap<Uint8Array, KeyObject>();
const keyOf = (secret: Uint8Array) => {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
};
/** Only HS256 is accepted: `alg: none` and every other algorithm fail verification. */
const ALGORITHM = 'HS256';

export async function signAccessToken(
  secret: Uint8Array,
  ctx: AuthContext,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({
    tid: ctx.tenantId,
    acc: ctx.account,
    rol: ctx.roleIds.join(','),
    rna: ctx.roleNames.join(','),
    dpt: ctx.deptId,
    sid: ctx.sessionId,
    cid: ctx.clientId,
    typ: 'access',
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(ctx.userId)
    .setIssuer(ISSUER)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keyOf(secret));
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): string[] => str(v).split(',').filter(Boolean);

interface Claims {
  iss?: unknown;
  sub?: unknown;
  exp?: unknown;
  nbf?: unknown;
  typ?: unknown;
  tid?: unknown;
  acc?: unknown;
  rol?: unknown;
  rna?: unknown;
  dpt?: unknown;
  sid?: unknown;
  cid?: unknown;
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;

function decodeJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Verifies an access token: compact form, header `alg` exactly HS256 with no `crit`, the HMAC in constant time,
 * issuer, expiry and not-before. Returns null for any bad token. This runs on every call, so it is a synchronous
 * HMAC rather than a WebCrypto key import and an asynchronous verify per request.
 */
export function verifyAccessToken(secret: Uint8Array, token: string): AuthContext | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) {
    return null;
  }
  const [head, body, signature] = parts as [string, string, string];
  const header = decodeJson(head);
  if (!header || header.alg !== ALGORITHM || header.crit !== undefined) {
    return null;
  }
  const expected = createHmac('sha256', keyOf(secret)).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return null;
  }
  const payload = decodeJson(body) as Claims | null;
  const now = Math.floor(Date.now() / 1000);
  if (
    !payload ||
    payload.iss !== ISSUER ||
    typeof payload.exp !== 'number' ||
    payload.exp <= now ||
    (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) ||
    payload.typ !== 'access' ||
    typeof payload.sub !== 'string' ||
    payload.sub === '' ||
    !str(payload.sid) ||
    !str(payload.tid)
  ) {
    return null;
  }
  return {
    tenantId: str(payload.tid),
    userId: payload.sub,
    account: str(payload.acc),
    roleIds: list(payload.rol),
    roleNames: list(payload.rna),
    deptId: str(payload.dpt),
    sessionId: str(payload.sid),
    clientId: str(payload.cid),
  };
}

/**
 * verifyAccessToken with a memory of tokens already verified (a client sends the same token for up to its
 * lifetime): a repeated token costs a lookup. Entries end with their token's expiry; the least recently used go
 * first when the cache is full. Revocation is not this cache's business: the session check runs on every call.
 */
export function tokenVerifier(
  secret: Uint8Array,
  capacity = 10_000,
  caches = new CacheRegistry(),
): (token: string) => AuthContext | null {
  const verified = caches.cache<AuthContext>({ name: 'auth.tokens', max: capacity });
  return (token) => {
    const known = verified.get(token);
    if (known !== undefined) {
      return known;
    }
    const ctx = verifyAccessToken(secret, token);
    if (ctx) {
      verified.set(token, ctx, expiryOf(token) - Date.now());
    }
    return ctx;
  };
}

/** The `exp` of a token that has just been verified, in milliseconds. */
function expiryOf(token: string): number {
  const payload = decodeJson(token.split('.')[1] ?? '');
  return typeof payload?.exp === 'number' ? payload.exp * 1000 : 0;
}
