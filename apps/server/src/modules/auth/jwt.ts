import { createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AuthContext } from '../../types.ts';

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
const ALGORITHMS = ['HS256'];

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
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(ctx.userId)
    .setIssuer(ISSUER)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keyOf(secret));
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): string[] => str(v).split(',').filter(Boolean);

/** Verifies signature, algorithm, issuer and expiry; returns null for any bad token. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AuthContext | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ALGORITHMS, issuer: ISSUER });
    if (payload.typ !== 'access' || !payload.sub || !str(payload.sid) || !str(payload.tid)) {
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
  } catch {
    return null;
  }
}
