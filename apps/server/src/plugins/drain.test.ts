import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { StopList } from '../lib/lifecycle/stop-list.ts';
import { closeApp, registerDrain } from './drain.ts';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

let agent: http.Agent;
afterEach(() => agent.destroy());

/** A server like the app's: the drain hooks, a stop list, a slow call and a slowly streamed one. */
async function server(events: string[]): Promise<{ app: FastifyInstance; port: number }> {
  const app = Fastify({ logger: false, forceCloseConnections: 'idle' });
  app.decorate('stops', new StopList());
  app.addHook('onClose', async () => {
    await app.stops.run();
  });
  registerDrain(app);
  app.stops.add('jobs', 'a job', () => {
    events.push('jobs stopped');
  });
  app.get('/fast', async () => ({ ok: true }));
  app.get<{ Querystring: { ms: string } }>('/slow', async (request, reply) => {
    // The answer's stream closes before it was written when the connection is cut.
    const aborted = new Promise((resolve) => reply.raw.once('close', resolve));
    const done = await Promise.race([sleep(Number(request.query.ms)).then(() => 'done'), aborted]);
    events.push(done === 'done' ? 'slow answered' : 'slow aborted');
    return { ok: true };
  });
  app.get('/stream', async (_request, reply) => {
    const out = new PassThrough();
    out.write('first\n');
    setTimeout(() => out.end('last\n'), 500);
    return reply.header('content-type', 'text/plain').send(out);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        );
      })
      .on('error', reject);
  });
}

const quiet = { warn: () => undefined } as unknown as Parameters<typeof closeApp>[2];

describe('closing the app', { timeout: 20_000 }, () => {
  it('closes an idle keep-alive connection at once', async () => {
    agent = new http.Agent({ keepAlive: true });
    const events: string[] = [];
    const { app, port } = await server(events);
    expect((await get(port, '/fast')).connection).toBe('keep-alive');
    const started = Date.now();
    await closeApp(app, 10_000, quiet);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(events).toEqual(['jobs stopped']);
  });

  it('lets a call in flight finish, closes its connection right after, then stops the jobs', async () => {
    agent = new http.Agent({ keepAlive: true });
    const events: string[] = [];
    const { app, port } = await server(events);
    const slow = get(port, '/slow?ms=600');
    const streamed = get(port, '/stream');
    await sleep(150);
    const started = Date.now();
    const closed = closeApp(app, 10_000, quiet).then(() => Date.now());
    // A new connection is refused once closing began.
    await sleep(50);
    await expect(get(port, '/fast')).rejects.toThrow(/ECONNREFUSED/);
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, connection: 'close' });
    expect((await streamed).body).toBe('first\nlast\n');
    const end = await closed;
    // Not the 72 s keep-alive timeout: the connections that went idle after their call closed at once.
    expect(end - started).toBeLessThan(2_000);
    expect(events).toEqual(['slow answered', 'jobs stopped']);
  });

  it('cuts a call still running when the grace period ends', async () => {
    agent = new http.Agent({ keepAlive: true });
    const events: string[] = [];
    const { app, port } = await server(events);
    const slow = get(port, '/slow?ms=8000');
    await sleep(150);
    const started = Date.now();
    await closeApp(app, 300, quiet);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(slow).rejects.toThrow(/socket hang up|ECONNRESET/);
    // The call's work learns of it from its closed answer (an import aborts at its next batch and rolls back).
    await sleep(100);
    expect(events.sort()).toEqual(['jobs stopped', 'slow aborted']);
  });
});
