import {
  Agent,
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  request as httpRequest,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface ProxyOptions {
  port: number;
  host?: string;
  /** The nodes, as `http://host:port`; each new call goes to the next one in turn. */
  targets: string[];
}

export interface RunningProxy {
  url: string;
  close(): Promise<void>;
}

interface Target {
  host: string;
  port: number;
  agent: Agent;
}

/** Headers of one connection, not of the call: never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
]);

const NO_NODE = JSON.stringify({ code: 502, success: false, msg: 'no node answered' });
const NODE_FAILED = JSON.stringify({ code: 502, success: false, msg: 'the node failed to answer' });

const refused = (error: unknown) =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';

function parseTarget(text: string): Target {
  const url = new URL(text);
  if (url.protocol !== 'http:') {
    throw new Error(`a proxy target must be an http:// address: ${text}`);
  }
  return {
    host: url.hostname,
    port: Number(url.port || 80),
    agent: new Agent({ keepAlive: true }),
  };
}

/**
 * The client's address appended to what an earlier proxy said: a node that trusts this proxy (TRUST_PROXY) takes the
 * last address it did not add itself, so a caller cannot pick its own by sending the header.
 */
function forwardedFor(req: IncomingMessage): string {
  const client = req.socket.remoteAddress ?? 'unknown';
  const earlier = req.headers['x-forwarded-for'];
  const list = Array.isArray(earlier) ? earlier.join(', ') : earlier;
  return list ? `${list}, ${client}` : client;
}

function callHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) {
      headers[name] = value;
    }
  }
  headers['x-forwarded-for'] = forwardedFor(req);
  headers['x-forwarded-proto'] = 'http';
  return headers;
}

/** The upgrade request as it came (hop-by-hop headers included: they ask for the upgrade), plus the forwarding. */
function upgradeHead(req: IncomingMessage): string {
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    const lower = name.toLowerCase();
    if (lower !== 'x-forwarded-for' && lower !== 'x-forwarded-proto') {
      lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
    }
  }
  lines.push(`X-Forwarded-For: ${forwardedFor(req)}`, 'X-Forwarded-Proto: http');
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function answer502(res: ServerResponse, body: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(502, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * A round-robin HTTP proxy in front of the nodes of one deployment, WebSocket upgrades included. A node that
 * refuses the connection is skipped for that call (the call's body is only read once a node has accepted it, so
 * nothing of it is lost); when every node refuses, the call is answered 502.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  if (options.targets.length === 0) {
    throw new Error('the proxy needs at least one target');
  }
  const targets = options.targets.map(parseTarget);
  let turn = 0;
  /** The order to try the nodes in for the next call: the next in turn first. */
  const nextOrder = (): Target[] => {
    const first = turn;
    turn = (turn + 1) % targets.length;
    return targets.map((_, i) => targets[(first + i) % targets.length] as Target);
  };
  const tunnels = new Set<Duplex>();

  /** Sends the call to the first of `order` that accepts the connection. */
  const forward = (req: IncomingMessage, res: ServerResponse, order: Target[]): void => {
    const target = order[0];
    if (!target) {
      answer502(res, NO_NODE);
      return;
    }
    let accepted = false;
    const upstream = httpRequest({
      host: target.host,
      port: target.port,
      agent: target.agent,
      method: req.method,
      path: req.url,
      headers: callHeaders(req),
    });
    const send = () => {
      accepted = true;
      req.pipe(upstream);
    };
    upstream.on('socket', (socket: Socket) => {
      if (socket.connecting) {
        socket.once('connect', send);
      } else {
        send();
      }
    });
    upstream.on('response', (reply) => {
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) {
          headers[name] = value;
        }
      }
      res.writeHead(reply.statusCode ?? 502, reply.statusMessage, headers);
      reply.pipe(res);
      reply.on('error', () => res.destroy());
    });
    upstream.on('error', (error) => {
      if (!accepted && refused(error)) {
        forward(req, res, order.slice(1));
      } else {
        answer502(res, NODE_FAILED);
      }
    });
    // The client gone: the node's work for it is not wanted any more.
    res.on('close', () => {
      if (!res.writableFinished) {
        upstream.destroy();
      }
    });
  };

  /** Pipes an upgrade (a web chat socket) raw to the first of `order` that accepts the connection. */
  const tunnel = (req: IncomingMessage, client: Duplex, head: Buffer, order: Target[]): void => {
    const target = order[0];
    if (!target) {
      client.end(
        'HTTP/1.1 502 Bad Gateway\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(NO_NODE)}\r\nConnection: close\r\n\r\n${NO_NODE}`,
      );
      return;
    }
    const upstream = connect(target.port, target.host);
    const onRefused = (error: Error) => {
      if (refused(error)) {
        tunnel(req, client, head, order.slice(1));
      } else {
        client.destroy();
      }
    };
    upstream.once('error', onRefused);
    upstream.once('connect', () => {
      upstream.off('error', onRefused);
      if (client.destroyed) {
        upstream.destroy();
        return;
      }
      tunnels.add(upstream);
      tunnels.add(client);
      upstream.write(upgradeHead(req));
      if (head.length > 0) {
        upstream.write(head);
      }
      upstream.pipe(client);
      client.pipe(upstream);
      // Either side gone ends the other.
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.on('close', () => {
        tunnels.delete(upstream);
        client.destroy();
      });
      client.on('close', () => {
        tunnels.delete(client);
        upstream.destroy();
      });
    });
  };

  const server = createServer((req, res) => forward(req, res, nextOrder()));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    tunnel(req, socket, head, nextOrder()),
  );
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of tunnels) {
          socket.destroy();
        }
        for (const target of targets) {
          target.agent.destroy();
        }
      });
    },
  };
}
