import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { AppError } from '../../../lib/errors.ts';
import type { Factor } from './mfa.repo.ts';

const RP_NAME = 'Yuan Admin';
const LOOPBACK = new Set(['127.0.0.1', '0.0.0.0', '[::1]', '[::]', 'localhost']);

/**
 * The WebAuthn relying party: the address users reach the app at (PUBLIC_URL). A browser refuses an IP address as a
 * relying party, so an app published on a loopback address is also reached as `localhost` on the same port.
 */
export class Passkeys {
  private readonly origins: string[];
  private readonly rpIds: string[];

  constructor(publicUrl: string) {
    const url = new URL(publicUrl);
    const origins = [url.origin];
    if (LOOPBACK.has(url.hostname)) {
      origins.push(`${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`);
    }
    this.origins = [...new Set(origins)];
    this.rpIds = [...new Set(this.origins.map((o) => new URL(o).hostname))];
  }

  /** The relying party id for a page at `origin` (the Origin header); refused for an address that is not ours. */
  rpIdFor(origin: string | undefined): string {
    const match = this.origins.find((o) => o === origin);
    if (!match) {
      throw new AppError(400, 'mfa.passkeyOrigin', { origin: this.origins.at(-1) ?? '' });
    }
    return new URL(match).hostname;
  }

  registrationOptions(origin: string | undefined, user: { id: string; account: string }, existing: Factor[]) {
    return generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpIdFor(origin),
      userName: user.account,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.flatMap((f) => (f.credential_id ? [{ id: f.credential_id }] : [])),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
  }

  /** The new credential, or null when the response does not prove one for this challenge. */
  async verifyRegistration(response: RegistrationResponseJSON, challenge: string) {
    try {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origins,
        expectedRPID: this.rpIds,
        requireUserVerification: false,
      });
      return result.verified ? result.registrationInfo.credential : null;
    } catch {
      return null;
    }
  }

  authenticationOptions(origin: string | undefined, passkeys: Factor[]) {
    return generateAuthenticationOptions({
      rpID: this.rpIdFor(origin),
      allowCredentials: passkeys.flatMap((f) =>
        f.credential_id ? [{ id: f.credential_id, transports: transportsOf(f) }] : [],
      ),
      userVerification: 'preferred',
    });
  }

  /** The passkey an assertion proves and its new counter, or null. */
  async verifyAssertion(assertion: string, challenge: string, passkeys: Factor[]) {
    let response: AuthenticationResponseJSON;
    try {
      response = JSON.parse(assertion) as AuthenticationResponseJSON;
    } catch {
      return null;
    }
    const factor = passkeys.find((f) => f.credential_id === response?.id);
    if (!factor || !challenge) {
      return null;
    }
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origins,
        expectedRPID: this.rpIds,
        credential: {
          id: factor.credential_id ?? '',
          publicKey: Buffer.from(factor.public_key, 'base64url'),
          counter: Number(factor.counter),
          transports: transportsOf(factor),
        },
        requireUserVerification: false,
      });
      return result.verified ? { factor, counter: result.authenticationInfo.newCounter } : null;
    } catch {
      return null;
    }
  }
}

type Transport = NonNullable<
  Parameters<typeof generateAuthenticationOptions>[0]['allowCredentials']
>[number]['transports'];

const transportsOf = (f: Factor) => (f.transports ? f.transports.split(',') : undefined) as Transport;
