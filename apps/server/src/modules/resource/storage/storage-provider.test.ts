import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, loopbackEgress, recordingTransport } from '../../../../test/peers/fake-provider.ts';
import {
  invalidInputCases,
  type ProviderSubject,
  transportFailureCases,
} from '../../../../test/peers/provider-cases.ts';
import type { Transport } from '../../../lib/provider-http/call-provider.ts';
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
function accepting(key: string) {
  return recordingTransport({ body: JSON.stringify({ hash: 'Fh', key }) });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('storageProvider factory', () => {
  // 1 is local files: put-file writes those to disk itself, so no adapter exists for it.
  it.each([0, 1, 5, -1, 2.5, Number.NaN])('throws StorageError for category %s', (category) => {
    expect(() => storageProvider(category, loopbackEgress)).toThrow(StorageError);
    expect(() => storageProvider(category, loopbackEgress)).toThrow(
      `no storage adapter for category ${category}`,
    );
  });

  it('sends through the transport it is given', async () => {
    const { transport, sent } = accepting(KEY);
    await storageProvider(2, transport).put(
      cfg(2, 'https://minio.example.com'),
      KEY,
      sampleBytes(),
      'image/png',
    );
    expect(sent.map((s) => s.url)).toEqual([`https://minio.example.com/yuan/${KEY}`]);
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
      const adapter = storageProvider(category, loopbackEgress);
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
      calls: (transport: Transport) => {
        const adapter = storageProvider(category, transport);
        return [
          () => adapter.put(cfg(category), key, sampleBytes(), 'image/png'),
          () => adapter.remove(cfg(category), key),
        ];
      },
    })),
    ...BAD_CONFIGS.map(({ name, change, type, detail }) => ({
      name,
      detail,
      calls: (transport: Transport) => [
        () =>
          storageProvider(category, transport).put(
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
    const { transport } = accepting(key);
    await expect(
      storageProvider(category, transport).put(cfg(category), key, sampleBytes(), 'image/png'),
    ).resolves.toMatchObject({ key });
    expect(transport).toHaveBeenCalledOnce();
  });

  transportFailureCases(subject, (text) =>
    category === 4 ? jsonAnswer(401, { error: text }) : xmlError(403, 'AccessDenied', text),
  );
});
