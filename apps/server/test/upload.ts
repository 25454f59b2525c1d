import type { TestApp } from './harness.ts';

/** POSTs one file as multipart/form-data (field `file`) to `url` with a bearer token. */
export function uploadFile(
  t: TestApp,
  url: string,
  token: string,
  filename: string,
  data: Buffer,
  headers: Record<string, string> = {},
) {
  const boundary = '----yuan-upload';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...headers,
      'blade-auth': `bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

/** oss/endpoint/put-file with one file. */
export function putFile(t: TestApp, token: string, filename: string, data: Buffer, query = '') {
  return uploadFile(t, `/api/yuan-resource/oss/endpoint/put-file${query}`, token, filename, data);
}
