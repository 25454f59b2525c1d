import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { type FakeStorage, fakeStorage, header, xmlError } from '../../../test/peers/storage-server.ts';
import { putFile } from '../../../test/upload.ts';
import { resourceModule } from './index.ts';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
let minio: FakeStorage;
const stored = new Map<string, Buffer>();

// A real HTTP peer playing an S3-compatible server (the signature itself is checked in storage/s3.test.ts).
beforeAll(async () => {
  minio = await fakeStorage((req) => {
    if (!header(req, 'authorization').startsWith('AWS4-HMAC-SHA256 Credential=good-ak/')) {
      return xmlError(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match');
    }
    stored.set(req.url, req.body);
    return { status: 200 };
  });
});
afterAll(() => minio.close());

// The peer listens on loopback, which the egress guard refuses unless the operator lists it.
const { t, tokens } = twoTenantApp(() => ({ EGRESS_ALLOW: new URL(minio.url).host }), [resourceModule]);

function put(filename: string, data: Buffer, token = tokens.a) {
  return putFile(t, token, filename, data);
}

async function attachCount(): Promise<number> {
  return (await t.call('GET', '/api/yuan-resource/attach/list', tokens.a)).json().data.total;
}

describe('put-file through the enabled storage', () => {
  it('stores in the S3-compatible bucket the tenant enabled, records the attachment, and leaves others local', async () => {
    const config = await t.call('POST', '/api/yuan-resource/oss/submit', tokens.a, {
      category: 2,
      ossCode: 'minio',
      endpoint: minio.url,
      accessKey: 'good-ak',
      secretKey: 'good-sk',
      bucketName: 'yuan-files',
    });
    expect(config.statusCode).toBe(200);
    const id = config.json().data.id;
    expect((await t.call('POST', `/api/yuan-resource/oss/enable?id=${id}`, tokens.a)).statusCode).toBe(200);

    const before = await attachCount();
    const res = await put('logo.png', PNG);
    expect(res.statusCode).toBe(200);
    const { link } = res.json().data;
    expect(link).toMatch(new RegExp(`^${minio.url}/yuan-files/upload/000000/\\d{8}/\\d+[0-9a-f]{8}\\.png$`));
    const path = link.slice(minio.url.length);
    expect(stored.get(path)?.equals(PNG)).toBe(true);
    expect(header(minio.requests.at(-1)!, 'content-type')).toBe('image/png');
    expect(await attachCount()).toBe(before + 1);

    // Tenant B enabled nothing: its files stay on this server.
    const local = await put('logo.png', PNG, tokens.b);
    expect(local.json().data.link).toMatch(/^\/oss\/200002\//);

    // A disguised file is refused before the storage is asked.
    const requests = minio.requests.length;
    expect((await put('notes.png', Buffer.from('just text'))).statusCode).toBe(400);
    expect(minio.requests.length).toBe(requests);

    // The service's refusal is reported by its status, never its text; nothing is recorded, the secret stays out.
    await t.call('POST', '/api/yuan-resource/oss/submit', tokens.a, {
      id,
      category: 2,
      ossCode: 'minio',
      endpoint: minio.url,
      accessKey: 'wrong-ak',
      secretKey: 'wrong-sk',
      bucketName: 'yuan-files',
    });
    const refused = await put('logo.png', PNG);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().msg).toContain('文件存储失败');
    expect(refused.json().msg).toBe('文件存储失败: s3 HTTP 403');
    expect(refused.json().msg).not.toContain('wrong-sk');
    expect(await attachCount()).toBe(before + 1);
  });
});
