import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

/**
 * Encrypts the third-party secrets the server must read back (storage and SMS secret keys, datasource passwords)
 * with AES-256-GCM under DATA_KEY, so a copy of the database alone does not give them away. Stored form:
 * `enc:v1:<iv>:<tag>:<ciphertext>` (base64url). Values written before encryption existed are read as they are.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: Uint8Array) {
    // Any length of configured secret becomes exactly the 32 bytes AES-256 needs.
    this.key = createHash('sha256').update(secret).digest();
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  seal(plain: string): string {
    if (plain === '' || SecretBox.isSealed(plain)) {
      return plain;
    }
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${body.toString('base64url')}`;
  }

  /** The plain value; throws when a sealed value does not open (another DATA_KEY, or a tampered row). */
  open(stored: string): string {
    if (!SecretBox.isSealed(stored)) {
      return stored;
    }
    const [iv = '', tag = '', body = ''] = stored.slice(PREFIX.length).split(':');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new Error('A stored secret cannot be decrypted: was DATA_KEY changed?');
    }
  }
}
