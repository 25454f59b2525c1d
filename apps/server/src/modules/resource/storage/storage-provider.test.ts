import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer } from '../../../../test/peers/fake-provider.ts';
import {
  invalidInputCases,
  type ProviderSubject,
  transportFailureCases,
} from '../../../../test/peers/provider-cases.ts';
import { type StorageConfig, StorageError, storageProvider } from './storage-provider.ts';
import { INVALID_KEYS, sampleBytes, xmlError } from '../../../../test/peers/storage-server.ts';

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

/** The input changes every adapter must refuse, and the detail each is refused with. */
const BAD_CONFIGS: { name: string; change: Partial<StorageConfig>; type?: string; detail: string }[] = [
  ...[
    '',
    'ftp://files.example.com',
    'http://h.example.com/?x=1',
    'not a host',
    'http://u:p@h.example.com',
  ].map((endpoint) => ({
    name: `endpoint ${JSON.stringify(endpoint)}`,
    change: { endpoint },
    detail: 'invalid endpoint',
  })),
  ...['', 'a/b', 'a?b', '..', 'a b'].map((bucketName) => ({
    name: `bucket ${JSON.stringify(bucketName)}`,
    change: { bucketName },
    detail: 'invalid bucket name',
  })),
  {
    name: 'a content type with CR/LF',
    change: {},
    type: 'image/png\r\nX-Evil: 1',
    detail: 'invalid content type',
  },
  { name: 'an empty access key', change: { accessKey: '' }, detail: 'missing access key or secret key' },
  { name: 'an empty secret key', change: { secretKey: '' }, detail: 'missing access key or secret key' },
];

describe.each(cases)('$provider', ({ category, provider }) => {
  const subject: ProviderSubject = {
    provider,
    errorClass: StorageError,
    timeoutMs: 30_000,
    secret: SECRET,
    calls: (url) => {
      const adapter = storageProvider(category);
      return [
        () => adapter.put(cfg(category, url), KEY, sampleBytes(), 'image/png'),
        () => adapter.remove(cfg(category, url), KEY),
      ];
    },
  };

  invalidInputCases(subject, [
    ...INVALID_KEYS.map((key) => ({
      name: `key ${JSON.stringify(key)}`,
      detail: 'invalid object key',
      calls: (fetchImpl: typeof fetch) => {
        const adapter = storageProvider(category, fetchImpl);
        return [
          () => adapter.put(cfg(category), key, sampleBytes(), 'image/png'),
          () => adapter.remove(cfg(category), key),
        ];
      },
    })),
    ...BAD_CONFIGS.map(({ name, change, type, detail }) => ({
      name,
      detail,
      calls: (fetchImpl: typeof fetch) => [
        () =>
          storageProvider(category, fetchImpl).put(
            { ...cfg(category), ...change },
            KEY,
            sampleBytes(),
            type ?? 'image/png',
          ),
      ],
    })),
  ]);

  it('accepts a key of exactly 512 characters', async () => {
    const key = `upload/${'a'.repeat(501)}.png`;
    expect(key).toHaveLength(512);
    const fetchImpl = acceptingFetch(key);
    await expect(
      storageProvider(category, fetchImpl).put(cfg(category), key, sampleBytes(), 'image/png'),
    ).resolves.toMatchObject({ key });
    expect(fetchImpl).toHaveBeenCalledOnce();
  });

  transportFailureCases(subject, (text) =>
    category === 4 ? jsonAnswer(401, { error: text }) : xmlError(403, 'AccessDenied', text),
  );
});
