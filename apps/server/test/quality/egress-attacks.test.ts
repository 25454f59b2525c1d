import { createServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developModule } from '../../src/modules/develop/index.ts';
import { flowModule } from '../../src/modules/flow/index.ts';
import { resourceModule } from '../../src/modules/resource/index.ts';
import { apiCalls } from '../api-calls.ts';
import { twoTenantApp } from '../fixtures.ts';
import { type FakeProvider, fakeProvider } from '../peers/sms-server.ts';
import { putFile } from '../upload.ts';

/**
 * Replays of server-side request forgery by a tenant administrator: every address a tenant can set (a storage
 * endpoint, SMS settings, a datasource, a script's http.fetch) is aimed at the platform's own network, and nothing
 * may reach it or speak back through the server. Tenant B is the attacker; the platform tenant holds datasources.
 */

const LEAK = 'InternalSecret';
const LEAK_XML = `<?xml version="1.0"?><Error><Code>${LEAK}</Code><Message>db-password=hunter2</Message></Error>`;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);

/** The platform's internal service: counts every connection, and answers anything with its secret. */
async function internalService() {
  const state = { connections: 0 };
  const server: Server = createNetServer((socket) => {
    state.connections += 1;
    socket.on('error', () => undefined);
    socket.on('data', () =>
      socket.end(
        `HTTP/1.1 500 Internal\r\ncontent-type: application/xml\r\nconnection: close\r\n` +
          `content-length: ${LEAK_XML.length}\r\n\r\n${LEAK_XML}`,
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { state, server, port: (server.address() as AddressInfo).port };
}

/**
 * A service outside the platform (listed in EGRESS_ALLOW, as a public address would pass anyway): /hop/ redirects to
 * the internal service, /ok/ answers, anything else fails with its own secrets in the error, as XML to S3 and OSS
 * and as JSON to Qiniu (which POSTs).
 */
async function outsideService() {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/hop/')) {
        res.writeHead(307, { location: `http://127.0.0.1:${internal.port}/` }).end();
      } else if (req.url?.startsWith('/ok/')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } else if (req.method === 'POST') {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: `${LEAK} db-password=hunter2`, error_code: LEAK }));
      } else {
        res.writeHead(500, { 'content-type': 'application/xml' }).end(LEAK_XML);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { requests, server, port, url: `http://127.0.0.1:${port}` };
}

let internal: Awaited<ReturnType<typeof internalService>>;
let outside: Awaited<ReturnType<typeof outsideService>>;
/** The operator's SMS gateway (SMS_ENDPOINTS): trusted though it is on loopback and not in EGRESS_ALLOW. */
let gateway: FakeProvider;

beforeAll(async () => {
  internal = await internalService();
  outside = await outsideService();
  gateway = await fakeProvider(() => ({ status: 200, json: { code: 0, msg: '发送成功', count: 1 } }));
});
afterAll(async () => {
  outside.server.closeAllConnections();
  await new Promise<void>((resolve) => outside.server.close(() => resolve()));
  await gateway.close();
  await new Promise<void>((resolve) => internal.server.close(() => resolve()));
});

const { t, tokens } = twoTenantApp(
  () => ({
    EGRESS_ALLOW: `127.0.0.1:${outside.port}, localhost:${outside.port}`,
    SCRIPT_HTTP_ALLOW: 'localhost, metadata.google.internal',
    SMS_ENDPOINTS: JSON.stringify({ yunpian: gateway.url }),
  }),
  [resourceModule, developModule, flowModule],
);

/** The internal service's address in the spellings an attacker would try. */
const internalSpellings = () => {
  const p = internal.port;
  return [
    `http://127.0.0.1:${p}`,
    `http://127.1:${p}`,
    `http://0x7f000001:${p}`,
    `http://2130706433:${p}`,
    `http://[::ffff:127.0.0.1]:${p}`,
    `http://[::ffff:7f00:1]:${p}`,
    `http://localhost:${p}`,
    `http://[::1]:${p}`,
    'http://169.254.169.254',
    'http://100.100.100.200',
  ];
};

const PROVIDERS = [
  { category: 2, name: 's3' },
  { category: 3, name: 'aliyun-oss' },
  { category: 4, name: 'qiniu-kodo' },
];

async function attachCount(): Promise<number> {
  return (await t.call('GET', '/api/yuan-resource/attach/list', tokens.b)).json().data.total;
}

/** Saves tenant B's storage configuration of that kind with `endpoint` and enables it. */
async function enableStorage(category: number, endpoint: string, id?: string): Promise<string> {
  const saved = await t.call('POST', '/api/yuan-resource/oss/submit', tokens.b, {
    ...(id ? { id } : {}),
    category,
    ossCode: `attack-${Math.random().toString(36).slice(2, 10)}`,
    endpoint,
    accessKey: 'attacker-ak',
    secretKey: 'attacker-sk',
    bucketName: 'files',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const savedId = id ?? saved.json().data.id;
  expect((await t.call('POST', `/api/yuan-resource/oss/enable?id=${savedId}`, tokens.b)).statusCode).toBe(
    200,
  );
  return savedId;
}

describe('object storage aimed at the platform', { timeout: 60_000 }, () => {
  it.each(PROVIDERS)(
    '$name: an internal endpoint is refused in every spelling; nothing is sent or recorded',
    async ({ category }) => {
      const before = await attachCount();
      let id: string | undefined;
      for (const endpoint of internalSpellings()) {
        id = await enableStorage(category, endpoint, id);
        const res = await putFile(t, tokens.b, 'logo.png', PNG);
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json().msg, endpoint).toMatch(/^不允许连接内部地址 /);
        expect(res.body).not.toContain(LEAK);
      }
      expect(internal.state.connections).toBe(0);
      expect(await attachCount()).toBe(before);
    },
  );

  it.each(PROVIDERS)(
    "$name: an upstream's error text never reaches the caller, only its status",
    async ({ category, name }) => {
      await enableStorage(category, `${outside.url}/leak`);
      const res = await putFile(t, tokens.b, 'logo.png', PNG);
      expect(res.statusCode).toBe(502);
      expect(res.json().msg).toBe(`文件存储失败: ${name} HTTP 500`);
      expect(res.body).not.toContain(LEAK);
      expect(res.body).not.toContain('hunter2');
    },
  );

  it.each(PROVIDERS)('$name: a redirect to the platform is not followed', async ({ category, name }) => {
    await enableStorage(category, `${outside.url}/hop`);
    const reached = outside.requests.length;
    const res = await putFile(t, tokens.b, 'logo.png', PNG);
    expect(outside.requests.length).toBe(reached + 1);
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toBe(`文件存储失败: ${name} HTTP 307`);
    expect(internal.state.connections).toBe(0);
  });
});

describe('SMS settings aimed at the platform', () => {
  it('sends only to the operator’s gateway, whatever address the tenant writes into its settings', async () => {
    const target = `127.0.0.1:${internal.port}`;
    const saved = await t.call('POST', '/api/yuan-resource/sms/submit', tokens.b, {
      category: 4,
      smsCode: 'attack',
      templateId: `http://${target}/`,
      secretKey: 'yp-key',
      accessKey: `http://${target}/`,
      regionId: target,
      signName: `http://${target}/`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reached = gateway.requests.length;
    const sent = await t.call('POST', '/api/yuan-resource/sms/endpoint/send-message', tokens.b, {
      code: 'attack',
      phones: '13800138000',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(gateway.requests.length).toBe(reached + 1);
    expect(internal.state.connections).toBe(0);
  });
});

describe('datasources aimed at the platform', () => {
  it('refuses the internal service in every spelling without connecting', async () => {
    for (const endpoint of internalSpellings()) {
      const url = `${endpoint.replace(/^http/, 'postgresql')}/postgres`;
      const saved = await t.call('POST', '/api/yuan-develop/datasource/submit', tokens.a, {
        name: `ds-${Math.random().toString(36).slice(2, 8)}`,
        driverClass: 'org.postgresql.Driver',
        url,
        username: 'reader',
        password: 'pw',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const res = await t.call('POST', '/api/yuan-develop/datasource/test', tokens.a, {
        id: saved.json().data.id,
      });
      expect(res.statusCode, url).toBe(400);
      // The system resolver reads 127.1, 0x7f000001 and 2130706433 as 127.0.0.1; a stricter one finds no such name.
      expect(res.json().msg, url).toMatch(/^(不允许连接内部地址|无法解析主机) /);
    }
    expect(internal.state.connections).toBe(0);
  });
});

describe('script http.fetch aimed at the platform', { timeout: 30_000 }, () => {
  const { data } = apiCalls(t, '/api/yuan-api', () => tokens.b);
  const fetchIn = async (url: string) =>
    (
      await data('/s/run', {
        code: `try { const r = http.fetch(${JSON.stringify(url)}); return r.status + ' ' + r.body; }
               catch (e) { return 'refused: ' + e.message; }`,
      })
    ).value;

  it('refuses a listed name that resolves inside unless EGRESS_ALLOW names it', async () => {
    expect(await fetchIn(`http://localhost:${internal.port}/`)).toBe(
      'refused: address not allowed: localhost',
    );
    expect(await fetchIn('http://metadata.google.internal/computeMetadata/v1/')).toMatch(
      /^refused: (address not allowed|cannot resolve): metadata.google.internal$/,
    );
    expect(await fetchIn(`http://127.1:${internal.port}/`)).toBe('refused: host not allowed: 127.0.0.1');
    expect(internal.state.connections).toBe(0);
    // The operator listed this one address: the same name reaches it.
    expect(await fetchIn(`http://localhost:${outside.port}/ok/`)).toBe('200 {"ok":true}');
  });
});
