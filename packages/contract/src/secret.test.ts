import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { walletSchemas } from './wallet/wallet.ts';
import { maskSecrets, maskUrl, SECRET_MASK, secret, secretKind, secretPaths } from './secret.ts';

const M = SECRET_MASK;

describe('secret fields', () => {
  it('keep the mark through optional, nullable, defaults, pipes, checks and descriptions', () => {
    const base = secret(z.string().min(1));
    for (const s of [
      base.optional(),
      base.nullable(),
      base.nullish(),
      base.default('x'),
      base.max(9).describe('still secret'),
      z
        .string()
        .transform((v) => v.trim())
        .pipe(base),
      z.preprocess((v) => v, base),
    ]) {
      expect(maskSecrets(s, 'hunter22')).toBe(M);
    }
    expect(secretKind(base.max(9))).toBe('value');
  });

  it('leave the shared base schema unmarked', () => {
    const plain = z.string().max(20);
    const marked = secret(plain);
    expect(secretKind(plain)).toBeUndefined();
    expect(maskSecrets(z.object({ a: plain, b: marked }), { a: 'seen', b: 'hidden' })).toEqual({
      a: 'seen',
      b: M,
    });
  });

  it('are found in nested objects, arrays, records, tuples, unions and intersections', () => {
    const schema = z.object({
      name: z.string(),
      auth: z.object({ password: secret(z.string()), hint: z.string() }).optional(),
      keys: z.array(z.object({ id: z.string(), key: secret(z.string()) })),
      byHost: z.record(z.string(), z.object({ token: secret(z.string()) })),
      pair: z.tuple([z.string(), secret(z.string())]),
      either: z.union([z.object({ pin: secret(z.string()) }), z.object({ note: z.string() })]),
      both: z.intersection(z.object({ a: z.string() }), z.object({ mnemonic: secret(z.string()) })),
    });
    const found: string[] = [];
    const masked = maskSecrets(
      schema,
      {
        name: 'n',
        auth: { password: 'p1', hint: 'h' },
        keys: [
          { id: '1', key: 'k1' },
          { id: '2', key: 'k2' },
        ],
        byHost: { a: { token: 't1' } },
        pair: ['x', 's1'],
        either: { pin: '1234' },
        both: { a: 'a', mnemonic: 'word word' },
        extra: { password: 'not declared here' },
      },
      found,
    );
    expect(masked).toEqual({
      name: 'n',
      auth: { password: M, hint: 'h' },
      keys: [
        { id: '1', key: M },
        { id: '2', key: M },
      ],
      byHost: { a: { token: M } },
      pair: ['x', M],
      either: { pin: M },
      both: { a: 'a', mnemonic: M },
      // Unknown keys are left to the key-name net of the logs.
      extra: { password: 'not declared here' },
    });
    expect(found.sort()).toEqual(['1234', 'k1', 'k2', 'p1', 's1', 't1', 'word word']);
    expect(secretPaths(schema).map((p) => p.path.join('.'))).toEqual([
      'auth.password',
      'keys.[].key',
      'byHost.*.token',
      'pair.1',
      'either.pin',
      'both.mnemonic',
    ]);
  });

  it('mask numbers and objects whole, and keep absent or blank values visible', () => {
    const schema = z.object({ code: secret(z.unknown()) });
    expect(maskSecrets(schema, { code: 1234 })).toEqual({ code: M });
    expect(maskSecrets(schema, { code: { a: 1 } })).toEqual({ code: M });
    expect(maskSecrets(schema, { code: '' })).toEqual({ code: '' });
    expect(maskSecrets(schema, { code: null })).toEqual({ code: null });
    expect(maskSecrets(schema, 'not an object')).toBe('not an object');
    expect(maskSecrets(undefined, { code: 'x' })).toEqual({ code: 'x' });
  });

  it('of kind url keep the host and path and mask the user info and the query', () => {
    expect(maskUrl('postgres://app:s3cret@db.example:5432/main?sslpassword=x')).toBe(
      `postgres://${M}@db.example:5432/main?${M}`,
    );
    expect(maskUrl('jdbc:mysql://root:pw@10.0.0.5:3306/app')).toBe(`jdbc:mysql://${M}@10.0.0.5:3306/app`);
    expect(maskUrl('postgresql://db.example/main')).toBe('postgresql://db.example/main');
    expect(maskUrl('not an address with pw')).toBe(M);
    const schema = z.object({ url: secret(z.string(), 'url') });
    const found: string[] = [];
    expect(maskSecrets(schema, { url: 'postgres://u:p4ss@h/d?password=q' }, found)).toEqual({
      url: `postgres://${M}@h/d?${M}`,
    });
    expect(found).toEqual(['postgres://u:p4ss@h/d?password=q', 'u:p4ss', 'password=q']);
  });

  it('stop at a depth bound on recursive schemas', () => {
    type Node = { pin?: string; next?: Node };
    const node: z.ZodType<Node> = z.lazy(() =>
      z.object({ pin: secret(z.string()).optional(), next: node.optional() }),
    );
    expect(maskSecrets(node, { pin: 'a1', next: { pin: 'b2', next: {} } })).toEqual({
      pin: M,
      next: { pin: M, next: {} },
    });
    expect(secretPaths(node).map((p) => p.path.join('.'))).toContain('next.pin');
  });

  it('are declared in the contract: the imported wallet key is one', () => {
    const body = {
      name: 'w',
      password: 'pw123456',
      email: 'a@b.c',
      agreed: true,
      privateKey: 'ab'.repeat(32),
    };
    expect(maskSecrets(walletSchemas.import, body)).toEqual({ ...body, password: M, privateKey: M });
  });
});
