import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { StopList } from '../lib/lifecycle/stop-list.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app stops when it closes, in order (jobs, services, chain, logs): modules add their steps. */
    stops: StopList;
  }
}

/** How often connections that went idle while the server drains are looked for and closed. */
const IDLE_SWEEP_MS = 100;

/** An answer sent while the app closes asks the client to close its connection, so it does not stay for keep-alive. */
export function registerDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing && !reply.raw.headersSent) {
      reply.header('connection', 'close');
    }
    return payload;
  });
}

/**
 * Closes the app for good: no new connection is accepted; idle connections close at once and busy ones as soon as
 * their call has answered (Node closes idle connections only once, when the server closes, so a connection whose
 * call ends later would stay open for the whole keep-alive timeout); calls still running after `graceMs` lose their
 * connection (their work is aborted and its unit of work rolls back); then the app's stop steps run. Rejects naming
 * the stop steps that failed.
 */
export async function closeApp(app: FastifyInstance, graceMs: number, log: FastifyBaseLogger): Promise<void> {
  const server = app.server;
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const deadline = setTimeout(() => {
    log.warn({ graceMs }, 'calls still running at the end of the grace period: cutting their connections');
    server.closeAllConnections();
  }, graceMs);
  const drained = () => {
    clearInterval(sweep);
    clearTimeout(deadline);
  };
  server.once('close', drained);
  try {
    await app.close();
  } finally {
    drained();
  }
  const failed = await app.stops.run(log);
  if (failed.length > 0) {
    throw new Error(`stop steps that failed or ran out of time: ${failed.join(', ')}`);
  }
}
