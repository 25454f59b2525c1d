import { createHash } from 'node:crypto';
import { OAuthError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { AuthRepo } from './auth.repo.ts';

export type Client = NonNullable<Awaited<ReturnType<AuthRepo['findClient']>>>;

const CACHE_MS = 60_000;

/** Whether the client may use a grant type (its comma-joined authorized grant types list it). */
export const allowsGrant = (client: Pick<Client, 'authorized_grant_types'>, grant: string) =>
  client.authorized_grant_types.split(',').includes(grant);

/** Authenticates `Authorization: Basic base64(client_id:secret)` against the clients table (secrets are hashed). */
export class ClientAuth {
  private readonly verified = new Map<string, number>();

  constructor(private readonly repo: AuthRepo) {}

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
    const at = this.verified.get(digest);
    if (at === undefined || Date.now() - at > CACHE_MS) {
      if (!(await verifyPassword(client.client_secret, secret))) {
        throw invalid;
      }
      if (this.verified.size > 1000) {
        this.verified.clear();
      }
      this.verified.set(digest, Date.now());
    }
    return client;
  }

  clear(): void {
    this.verified.clear();
  }
}
