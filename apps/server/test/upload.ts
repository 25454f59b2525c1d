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
  return uploadForm(t, url, token, {}, [{ field: 'file', filename, data }], headers);
}

/** POSTs fields (first) and files as multipart/form-data to `url` with a bearer token. */
export function uploadForm(
  t: TestApp,
  url: string,
  token: string,
  fields: Record<string, string>,
  files: { field: string; filename: string; data: Buffer | string }[],
  headers: Record<string, string> = {},
) {
  const boundary = '----yuan-upload';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    ...files.flatMap((f) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(f.data),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
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
