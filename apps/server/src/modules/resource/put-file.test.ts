import { describe, expect, it } from 'vitest';
import { twoTenantApp } from '../../../test/fixtures.ts';
import { putFile } from '../../../test/upload.ts';
import { resourceModule } from './index.ts';

const { t, tokens } = twoTenantApp(() => ({}), [resourceModule]);

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);

function put(filename: string, data: Buffer, token = tokens.a, query = '') {
  return putFile(t, token, filename, data, query);
}

describe('put-file (local storage)', () => {
  it('stores the file, serves it at data.link and records an attachment', async () => {
    const res = await put('../../etc/logo.png', PNG);
    expect(res.statusCode).toBe(200);
    const { link, originalName } = res.json().data;
    expect(link).toMatch(/^\/oss\/000000\/\d{8}\/\d+[0-9a-f]{8}\.png$/);
    // The client's path is dropped: only the base name is kept, and only as a label.
    expect(originalName).toBe('logo.png');
    const file = await t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const attach = (await t.call('GET', '/api/yuan-resource/attach/list?extension=png', tokens.a)).json()
      .data;
    expect(attach.records[0]).toMatchObject({ link, extension: 'png', attachSize: String(PNG.length) });
    expect(
      (await t.call('GET', '/api/yuan-resource/attach/list?extension=png', tokens.b)).json().data.total,
    ).toBe(0);
  });

  it('refuses disguised, unknown, empty and oversized files, and requests without a file', async () => {
    expect((await put('photo.png', Buffer.from('just text'))).json().msg).toBe(
      '文件类型不支持或与扩展名不符',
    );
    expect((await put('run.exe', Buffer.from('MZ\u0090\u0000'))).statusCode).toBe(400);
    expect((await put('empty.txt', Buffer.alloc(0))).statusCode).toBe(400);
    expect((await put('big.png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]))).statusCode).toBe(413);
    expect((await t.call('POST', '/api/yuan-resource/oss/endpoint/put-file', tokens.a, {})).statusCode).toBe(
      400,
    );
  });

  it('lets any signed-in user upload an avatar: JPG or PNG only, at most 500 KB', async () => {
    expect((await put('me.png', PNG, tokens.noPerm, '?kind=avatar')).statusCode).toBe(200);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);
    expect((await put('me.gif', gif, tokens.noPerm, '?kind=avatar')).json().msg).toBe(
      '头像只能是 JPG 或 PNG 格式，且不超过 500KB',
    );
    expect(
      (await put('me.png', Buffer.concat([PNG, Buffer.alloc(501 * 1024)]), tokens.a, '?kind=avatar'))
        .statusCode,
    ).toBe(413);
    expect((await put('me.png', PNG, tokens.a, '?kind=nope')).statusCode).toBe(400);
  });
});
