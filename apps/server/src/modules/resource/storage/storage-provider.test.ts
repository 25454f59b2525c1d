import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StorageConfig, StorageError, storageProvider } from './storage-provider.ts';
import {
  closedPortUrl,
  errorTexts,
  fakeStorage,
  INVALID_KEYS,
  rejection,
  sampleBytes,
  shortenTimeout,
  xmlError,
} from './storage-test-server.ts';

const SECRET = 'shared-SECRET-e4c2a9f7/+x';
const KEY = 'upload/20261123/1893aa02f1c4.png';
const cases = [
  { category: 2, provider: 's3' },
  { category: 3, provider: 'aliyun-oss' },
  { category: 4, provider: 'qiniu-kodo' },
];

function cfg(category: number, endpoint = 'http://127.0.0.1:9'): StorageConfig {
  return { category, endpoint, accessKey: 'AK-test', secretKey: SECRET, bucketName: 'yuan', region: '' };
}

/** Answers every call the way all three providers accept: 200 with the key, which Qiniu wants echoed. */
function acceptingFetch(key: string) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ hash: 'Fh', key }), { status: 200 }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('storageProvider factory', () => {
  // 1 is local files: put-file writes those to disk itself, so no adapter exists for it.
  it.each([0, 1, 5, -1, 2.5, Number.NaN])('throws StorageError for category %s', (category) => {
    expect(() => storageProvider(category)).toThrow(StorageError);
    expect(() => storageProvider(category)).toThrow(`no storage adapter for category ${category}`);
  });

  it('uses the global fetch when none is given', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(acceptingFetch(KEY));
    await storageProvider(2).put(cfg(2, 'https://minio.example.com'), KEY, sampleBytes(), 'image/png');
    expect(spy).toHaveBeenCalledOnce();
    expect(String(spy.mock.calls[0][0])).toBe(`https://minio.example.com/yuan/${KEY}`);
  });
});

describe.each(cases)('$provider input checks', ({ category, provider }) => {
  it.each(INVALID_KEYS)('refuses key %j before any request', async (key) => {
    const fetchImpl = vi.fn<typeof fetch>();
    const adapter = storageProvider(category, fetchImpl);
    // One call at a time: a second rejection left pending would be reported as unhandled.
    for (const call of [
      () => adapter.put(cfg(category), key, sampleBytes(), 'image/png'),
      () => adapter.remove(cfg(category), key),
    ]) {
      const err = await rejection(call());
      expect(err).toBeInstanceOf(StorageError);
      expect(err).toMatchObject({ provider, detail: 'invalid object key' });
    }
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('accepts a key of exactly 512 characters', async () => {
    const key = `upload/${'a'.repeat(501)}.png`;
    expect(key).toHaveLength(512);
    const fetchImpl = acceptingFetch(key);
    await expect(
      storageProvider(category, fetchImpl).put(cfg(category), key, sampleBytes(), 'image/png'),
    ).resolves.toMatchObject({ key });
    expect(fetchImpl).toHaveBeenCalledOnce();
  });

  it('refuses unusable endpoints, buckets, content types and credentials before any request', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const adapter = storageProvider(category, fetchImpl);
    const bad: [Partial<StorageConfig>, string, string][] = [
      ...[
        '',
        'ftp://files.example.com',
        'http://h.example.com/?x=1',
        'not a host',
        'http://u:p@h.example.com',
      ].map((endpoint): [Partial<StorageConfig>, string, string] => [
        { endpoint },
        'image/png',
        'invalid endpoint',
      ]),
      ...['', 'a/b', 'a?b', '..', 'a b'].map((bucketName): [Partial<StorageConfig>, string, string] => [
        { bucketName },
        'image/png',
        'invalid bucket name',
      ]),
      [{}, 'image/png\r\nX-Evil: 1', 'invalid content type'],
      [{ accessKey: '' }, 'image/png', 'missing access key or secret key'],
      [{ secretKey: '' }, 'image/png', 'missing access key or secret key'],
    ];
    for (const [change, type, detail] of bad) {
      const err = await rejection(adapter.put({ ...cfg(category), ...change }, KEY, sampleBytes(), type));
      expect(err).toMatchObject({ provider, detail });
    }
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe.each(cases)('$provider transport failures', ({ category, provider }) => {
  it('gives up after the 30 s timeout with StorageError, on put and on remove', async () => {
    const spy = shortenTimeout();
    const server = await fakeStorage(() => 'hang');
    try {
      const adapter = storageProvider(category);
      for (const call of [
        () => adapter.put(cfg(category, server.url), KEY, sampleBytes(), 'image/png'),
        () => adapter.remove(cfg(category, server.url), KEY),
      ]) {
        const err = await rejection(call());
        expect(err).toBeInstanceOf(StorageError);
        expect(err).toMatchObject({ provider, detail: 'no answer within 30000 ms' });
      }
      expect(spy).toHaveBeenCalledWith(30_000);
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('reports an unreachable server as StorageError', async () => {
    const url = await closedPortUrl();
    const adapter = storageProvider(category);
    for (const call of [
      () => adapter.put(cfg(category, url), KEY, sampleBytes(), 'image/png'),
      () => adapter.remove(cfg(category, url), KEY),
    ]) {
      const err = await rejection(call());
      expect(err).toBeInstanceOf(StorageError);
      expect(err).toMatchObject({ provider, detail: 'request failed: ECONNREFUSED' });
    }
  });

  it('keeps the secret out of the error even when the provider echoes it back', async () => {
    const echo = `bad key ${SECRET} / ${encodeURIComponent(SECRET)}`;
    const server = await fakeStorage(() =>
      category === 4
        ? { status: 401, body: JSON.stringify({ error: echo }), contentType: 'application/json' }
        : xmlError(403, 'AccessDenied', echo),
    );
    try {
      const err = await rejection(
        storageProvider(category).put(cfg(category, server.url), KEY, sampleBytes(), 'image/png'),
      );
      expect(err).toBeInstanceOf(StorageError);
      expect((err as StorageError).detail).toContain('bad key *** / ***');
      expect(errorTexts(err)).not.toContain(SECRET);
    } finally {
      await server.close();
    }
  });

  it('reports an error page that is neither XML nor JSON by its HTTP status', async () => {
    const server = await fakeStorage(() => ({
      status: 502,
      body: '<html>Bad Gateway</html>',
      contentType: 'text/html',
    }));
    try {
      const err = await rejection(storageProvider(category).remove(cfg(category, server.url), KEY));
      expect(err).toMatchObject({ provider, detail: 'HTTP 502' });
    } finally {
      await server.close();
    }
  });
});
