import { SECRET_MASK, secret } from '@yuan/contract';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maskedParams, maskedUrl, scrubbedError, scrubText, secretsOf } from './log-secrets.ts';

const M = SECRET_MASK;

/** The parts of a request the masking reads. */
function requestOf(url: string, schema: { querystring?: z.ZodType; body?: z.ZodType }, body?: unknown) {
  const query = Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
  return { url, query, body, routeOptions: { schema, config: {} } } as unknown as FastifyRequest;
}

describe('what a call may leave in a log', () => {
  it('masks declared secret query parameters and secret-named ones in the address, keeping the rest as sent', () => {
    const querystring = z.object({ pin: secret(z.string()), name: z.string() });
    const r = requestOf('/api/x?name=a%20b&pin=0481&pin=0482&access_token=t0k3n&n=1', { querystring });
    expect(maskedUrl(r)).toBe(`/api/x?name=a%20b&pin=${M}&pin=${M}&access_token=${M}&n=1`);
    expect(maskedUrl(requestOf('/api/x?name=a', { querystring }))).toBe('/api/x?name=a');
  });

  it('masks the body by its schema, then by key names where no schema speaks, and collects the secrets', () => {
    const body = z.object({ code: secret(z.string()), dictCode: z.string() }).passthrough();
    const r = requestOf(
      '/api/x',
      { body },
      { code: 'R3DEEM-1', dictCode: 'sex', extra: { privateKey: 'k3y-1' } },
    );
    const found: string[] = [];
    expect(maskedParams(r, found)).toEqual({
      query: {},
      body: { code: M, dictCode: 'sex', extra: { privateKey: M } },
    });
    expect(found).toEqual(['R3DEEM-1', 'k3y-1']);
    expect(secretsOf(r)).toEqual(found);
  });

  it('cleans free text of the secrets (short ones excepted) and of credentials in addresses', () => {
    expect(
      scrubText('used 0481 and Hunter22 at smtp://me:pw@mail.example:25', ['Hunter22', '0481', 'ab']),
    ).toBe(`used ${M} and ${M} at smtp://${M}@mail.example:25`);
    expect(scrubText('ab stays', ['ab'])).toBe('ab stays');
  });

  it('keeps an error’s name and plain properties, cleaned, and leaves its objects out', () => {
    const cause = new Error('inner Hunter22');
    const error = Object.assign(new TypeError('outer Hunter22', { cause }), {
      detail: 'Key (pin)=(Hunter22) exists',
      code: '23505',
      status: 500,
      params: ['Hunter22'],
    });
    const clean = scrubbedError(error, ['Hunter22']) as Error & Record<string, unknown>;
    expect(clean.name).toBe('TypeError');
    expect(clean.message).toBe(`outer ${M}`);
    expect(clean.stack).toContain(`TypeError: outer ${M}`);
    expect(clean.stack).not.toContain('Hunter22');
    expect(clean).toMatchObject({ detail: `Key (pin)=(${M}) exists`, code: '23505', status: 500 });
    expect(clean.params).toBeUndefined();
    expect((clean.cause as Error).message).toBe(`inner ${M}`);
    expect(scrubbedError('plain Hunter22', ['Hunter22']).message).toBe(`plain ${M}`);
  });
});
