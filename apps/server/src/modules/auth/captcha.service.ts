import { randomBytes, randomInt } from 'node:crypto';
import type { CaptchaMode, ImageCaptcha, MessageKey, SlideCaptcha } from '@yuan/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/index.ts';
import { drawDigits, drawSlide, SLIDE } from './captcha-art.ts';

const TTL_MS = 2 * 60_000;
/** How many pixels the dragged offset may differ from the hole. */
export const SLIDE_TOLERANCE = 5;

/** Image and slide captchas: stored server-side, single use, expiring. */
export class CaptchaService {
  constructor(
    private readonly db: Kdb,
    private readonly mode: CaptchaMode,
  ) {}

  private async store(kind: 'image' | 'slide', answer: string): Promise<string> {
    const key = randomBytes(18).toString('base64url');
    await this.db
      .insertInto('yuan_captcha')
      .values({ key, kind, answer, expires_at: new Date(Date.now() + TTL_MS) })
      .execute();
    // Expired captchas are swept opportunistically so the table stays small without a scheduler.
    if (randomInt(0, 50) === 0) {
      await this.db.deleteFrom('yuan_captcha').where('expires_at', '<', sql<Date>`now()`).execute();
    }
    return key;
  }

  async image(): Promise<ImageCaptcha> {
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const key = await this.store('image', code);
    return { key, image: drawDigits(code).toDataUrl() };
  }

  async slide(): Promise<SlideCaptcha> {
    const art = drawSlide();
    const key = await this.store('slide', String(art.x));
    return {
      key,
      background: art.background.toDataUrl(),
      piece: art.piece.toDataUrl(),
      width: SLIDE.width,
      height: SLIDE.height,
      pieceSize: SLIDE.piece,
      y: art.y,
    };
  }

  /**
   * Checks the answer of the configured mode; a captcha is consumed by its first check, right or wrong. Returns the
   * failure rather than throwing it, so the consumption commits with the caller's scope.
   */
  async check(key: string | undefined, code: string | undefined): Promise<MessageKey | null> {
    if (this.mode === 'off') {
      return null;
    }
    if (!key || !code || key.length > 64 || code.length > 16) {
      return 'auth.captchaRequired';
    }
    const row = await this.db
      .deleteFrom('yuan_captcha')
      .where('key', '=', key)
      .returning(['kind', 'answer', 'expires_at'])
      .executeTakeFirst();
    const fresh = row && row.kind === this.mode && new Date(row.expires_at).getTime() > Date.now();
    if (!fresh) {
      return 'auth.captchaInvalid';
    }
    const right =
      this.mode === 'image'
        ? row.answer === code.trim()
        : /^-?\d{1,4}(\.\d+)?$/.test(code.trim()) &&
          Math.abs(Number(code) - Number(row.answer)) <= SLIDE_TOLERANCE;
    return right ? null : 'auth.captchaInvalid';
  }
}
