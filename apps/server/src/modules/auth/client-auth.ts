import { createHash } from 'node:crypto';
import { OAuthError } from '../../lib/errors.ts';
import type { Cache } from '../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../lib/cache/cache-registry.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { AuthRepo } from './auth.repo.ts';

export type Client = NonNullable<Awaited<ReturnType<AuthRepo['findClient']>>>;

const CACHE_MS = 60_000;

/** Whether the client may use a grant type (its comma-joined authorized grant types list it). */
export const allowsGrant = (client: Pick<Client, 'authorized_grant_types'>, grant: string) =>
  client.authorized_grant_types.split(',').includes(grant);

/** Authenticates `Authorization: Basic base64(client_id:secret)` against the clients table (secrets are hashed). */
export class ClientAuth {
  private readonly verified: Cache<true>;

  constructor(
    private readonly repo: AuthRepo,
    caches: CacheRegistry,
  ) {
    this.verified = caches.cache({ name: 'auth.clientSecrets', max: 1000, ttlMs: CACHE_MS, spread: 0 });
  }

  async authenticate(header: string | undefined): Promise<Client> {
    const invalid = new OAuthError(401, 'invalid_client', 'auth.clientInvalid');
    const match = header ? /^basic ([A-Za-z0-9+/=]{1,512})$/i.exec(header.trim()) : null;
    if (!match?.[1]) {
      throw invalid;
    }
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) {
      throw invalid;
    }
    const clientId = decoded.slice(0, colon);
    const secret = decoded.slice(colon + 1);
    const client = await this.repo.findClient(clientId);
    if (!client) {
      throw invalid;
    }
    // Argon2 on every token call would double sign-in cost; a verified pair is remembered briefly by its digest.
    const digest = createHash('sha256').update(`${client.client_secret}\n${secret}`).digest('base64');
    if (this.verified.get(digest) === undefined) {
      if (!(await verifyPassword(client.client_secret, secret))) {
        throw invalid;
      }
      this.verified.set(digest, true);
    }
    return client;
  }
}
