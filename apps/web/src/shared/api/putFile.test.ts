import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUT_FILE_PATH, putFile } from './putFile.ts';

/** Just enough of XMLHttpRequest to drive putFile: records the request and lets the test answer it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  timeout = 0;
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(key: string, value: string) {
    this.headers[key.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('putFile', () => {
  it('posts the file as the multipart field "file" with progress and resolves with the link', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const done = putFile(new Blob(['x']), 'a.png', (p) => progress.push(p));
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(PUT_FILE_PATH);
    expect(xhr.headers.authorization).toMatch(/^Basic /);
    // The browser must set the multipart boundary itself.
    expect(xhr.headers['content-type']).toBeUndefined();
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(Blob);
    xhr.upload.onprogress?.({ loaded: 1, total: 2 });
    xhr.answer(200, { code: 200, msg: '', data: { link: '/oss/x.png' } });
    await expect(done).resolves.toMatchObject({ link: '/oss/x.png' });
    expect(progress).toEqual([50]);
  });

  it("rejects with the server's refusal", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = putFile(new Blob(['text']), 'fake.png', () => undefined);
    (FakeXhr.last as FakeXhr).answer(400, { code: 400, msg: '文件类型不支持或与扩展名不符' });
    await expect(done).rejects.toThrow('文件类型不支持或与扩展名不符');
  });
});
