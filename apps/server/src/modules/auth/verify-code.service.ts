import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import { sameDigest, sha256Hex } from '../../lib/digest.ts';
import { AppError } from '../../lib/errors.ts';
import { nextId } from '../../lib/id.ts';

export type CodePurpose = 'phone-login' | 'email-verify' | 'pwd-retrieve' | 'wallet-pay';

/** A wallet payment's code has four digits (SPEC §9); the others six. */
const DIGITS: Record<CodePurpose, number> = {
  'phone-login': 6,
  'email-verify': 6,
  'pwd-retrieve': 6,
  'wallet-pay': 4,
};

const TTL_MS = 5 * 60_000;
const RESEND_MS = 60_000;
const PER_IP_HOUR = 10;
const MAX_ATTEMPTS = 5;

function digest(tenantId: string, purpose: string, target: string, code: string): string {
  return sha256Hex(`${tenantId}\n${purpose}\n${target}\n${code}`);
}

/**
 * One-time codes for a phone or an e-mail address: six digits, stored hashed, valid five minutes, single use, five
 * wrong tries at most; one code a minute per target and ten an hour per address. Callers run inside a scope of the
 * tenant; a wrong try must commit even when the caller then refuses (use `database.run` around `verify`).
 */
export class VerifyCodeService {
  constructor(private readonly db: Kdb) {}

  async issue(tenantId: string, purpose: CodePurpose, target: string, ip: string): Promise<string> {
    const now = Date.now();
    const recent = await this.db
      .selectFrom('yuan_verify_code')
      .select('create_time')
      .where('tenant_id', '=', tenantId)
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .orderBy('create_time', 'desc')
      .executeTakeFirst();
    if (recent && now - new Date(recent.create_time).getTime() < RESEND_MS) {
      throw new AppError(429, 'error.tooMany');
    }
    const fromIp = await this.db
      .selectFrom('yuan_verify_code')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('ip', '=', ip)
      .where('create_time', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirst();
    if (Number(fromIp?.n ?? 0) >= PER_IP_HOUR) {
      throw new AppError(429, 'error.tooMany');
    }
    const digits = DIGITS[purpose];
    const code = String(randomInt(0, 10 ** digits)).padStart(digits, '0');
    await this.db
      .insertInto('yuan_verify_code')
      .values({
        tenant_id: tenantId,
        id: nextId(),
        purpose,
        target,
        code_hash: digest(tenantId, purpose, target, code),
        ip,
        expires_at: new Date(now + TTL_MS),
      })
      .execute();
    return code;
  }

  /** True once for the latest live code of the target; a wrong code counts a try. */
  async verify(tenantId: string, purpose: CodePurpose, target: string, code: string): Promise<boolean> {
    const live = await this.db
      .selectFrom('yuan_verify_code')
      .select(['id', 'code_hash', 'attempts'])
      .where('tenant_id', '=', tenantId)
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('create_time', 'desc')
      .executeTakeFirst();
    if (!live || live.attempts >= MAX_ATTEMPTS) {
      return false;
    }
    const right = sameDigest(digest(tenantId, purpose, target, code), live.code_hash);
    await this.db
      .updateTable('yuan_verify_code')
      .set(right ? { used_at: new Date() } : { attempts: sql`attempts + 1` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', live.id)
      .execute();
    return right;
  }
}
