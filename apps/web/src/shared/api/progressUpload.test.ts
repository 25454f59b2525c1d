import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestError } from './http.ts';
import { readLines, uploadWithProgress } from './progressUpload.ts';

let server: Server;
let base = '';
let received = 0;
let accept = '';
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let answer: Handler = () => undefined;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = createServer((req, res) => {
    // The test page's origin differs from the server's: answer as a cross-origin API would.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') {
      res.end();
      return;
    }
    accept = req.headers.accept ?? '';
    received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    req.on('end', () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('line reading', () => {
  it('takes only complete lines and says where the next read starts', () => {
    expect(readLines('{"a":1}\n{"b"', 0)).toEqual({ lines: ['{"a":1}'], next: 8 });
    expect(readLines('{"a":1}\n{"b":2}\n', 8)).toEqual({ lines: ['{"b":2}'], next: 16 });
    expect(readLines('{"a"', 0)).toEqual({ lines: [], next: 0 });
  });
});

describe('upload with progress', () => {
  it('reports each progress line as it comes and resolves with the last line, the envelope data', async () => {
    answer = async (_req, res) => {
      res.setHeader('content-type', 'application/x-ndjson');
      res.write('{"progress":{"read":2000}}\n');
      await pause(50);
      res.write('{"progress":{"read":4000}}\n');
      await pause(50);
      res.end(`{"code":200,"success":true,"msg":"ok","data":{"saved":${received}}}\n`);
    };
    const seen: unknown[] = [];
    const file = new Blob([new Uint8Array(200_000)]);
    const data = await uploadWithProgress<{ saved: number }, { read: number }>(
      `${base}/api/up`,
      file,
      'a.xlsx',
      {
        onProgress: (p) => seen.push(p),
      },
    );
    expect(accept).toContain('application/x-ndjson');
    expect(seen).toEqual([{ read: 2000 }, { read: 4000 }]);
    // The multipart body holds the whole file.
    expect(data.saved).toBeGreaterThan(200_000);
  });

  it('rejects with the message and body of a failed envelope, streamed or plain', async () => {
    const report = { refused: [{ row: 3, reasons: ['x'] }] };
    answer = (_req, res) => {
      res.setHeader('content-type', 'application/x-ndjson');
      res.end(`${JSON.stringify({ code: 400, success: false, msg: '导入失败', data: report })}\n`);
    };
    const streamed = uploadWithProgress(`${base}/api/up`, new Blob(['x']), 'a.xlsx', { silent: true });
    await expect(streamed).rejects.toMatchObject({ message: '导入失败', code: 400, body: { data: report } });

    answer = (_req, res) => {
      res.statusCode = 403;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 403, success: false, msg: '没有权限', data: null }));
    };
    const plain = uploadWithProgress(`${base}/api/up`, new Blob(['x']), 'a.xlsx', { silent: true });
    await expect(plain).rejects.toBeInstanceOf(RequestError);
    await expect(plain).rejects.toMatchObject({ message: '没有权限', status: 403 });
  });

  it('cancels when the signal aborts', async () => {
    answer = async (_req, res) => {
      res.setHeader('content-type', 'application/x-ndjson');
      res.write('{"progress":{"read":2000}}\n');
      await pause(2_000);
      res.end('{"code":200,"success":true,"msg":"ok","data":null}\n');
    };
    const abort = new AbortController();
    const pending = uploadWithProgress(`${base}/api/up`, new Blob(['x']), 'a.xlsx', {
      signal: abort.signal,
      onProgress: () => abort.abort(),
    });
    await expect(pending).rejects.toMatchObject({ message: '已取消', status: 0 });
  });
});
