import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The encrypted service calls' envelope: AES-256-GCM, sent as base64 of iv (12 bytes) ‖ ciphertext ‖ tag (16 bytes)
 * — the layout WebCrypto's AES-GCM produces, so a browser or any client library can speak it. The tag makes any
 * change to the text, the iv or the tag itself fail to open.
 */
export class ServiceCipher {
  private readonly key: Buffer;

  constructor(key: Uint8Array) {
    if (key.length !== 32) {
      throw new Error('the service key must be 32 bytes');
    }
    this.key = Buffer.from(key);
  }

  seal(value: unknown): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value ?? null), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
  }

  /** The JSON value sealed in `payload`; undefined when it does not open (wrong key, changed bytes, not JSON). */
  open(payload: string): unknown {
    const bytes = Buffer.from(payload, 'base64');
    if (bytes.length < IV_BYTES + TAG_BYTES) {
      return undefined;
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      const text = Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
}
