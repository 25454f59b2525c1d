import websocket from '@fastify/websocket';
import { WEBCHAT_PATH } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module/module.ts';
import { authModule } from '../auth/index.ts';
import { systemModule } from '../system/index.ts';
import { FanOut, type FanOutSink } from './fan-out.ts';
import { webchatRepos } from './webchat.repo.ts';
import { webchatRoutes } from './webchat.routes.ts';
import { WebchatService } from './webchat.service.ts';
import { ChatHub } from './webchat-hub.ts';
import { ChatConnection, type SocketLike } from './webchat-socket.ts';

// A client frame is small (a message is at most 2000 characters): anything far larger is refused by `ws` itself.
const MAX_FRAME_BYTES = 64 * 1024;
/** How long a socket has to answer the closing handshake when the server stops before it is cut. */
const CLOSE_HANDSHAKE_MS = 1_000;
/** 1001 "going away": the web client shows itself offline and reconnects (to this server once it is back). */
const GOING_AWAY = 1001;

/**
 * When the app closes: every chat socket is told the server is going away, and cut if it does not answer in time
 * (`ws` would wait 30 s, and the HTTP server cannot close while a socket is open).
 */
function closeSockets(this: FastifyInstance, done: () => void): void {
  const server = this.websocketServer;
  for (const client of server.clients) {
    client.close(GOING_AWAY, 'server stopping');
  }
  const cut = setTimeout(() => {
    for (const client of server.clients) {
      client.terminate();
    }
  }, CLOSE_HANDSHAKE_MS);
  server.close(() => clearTimeout(cut));
  done();
}

/** Web chat: the REST calls, the socket at /api/webchat/ws and the fan-out between server processes. */
export const webchatModule = defineModule({
  name: 'webchat',
  needs: { system: systemModule, auth: authModule },
  build({ bus, database, verifyToken, log }, { system, auth }) {
    const { apiScopes } = system;
    const { sessions } = auth;
    const hub = new ChatHub();
    const fanOut = new FanOut(bus);
    const service = new WebchatService(webchatRepos(database.db), fanOut);
    const sink: FanOutSink = {
      deliver: (event) => hub.deliver(event),
      resync: () => hub.resyncAll(),
      load: (tenantId, messageId, clientId) =>
        database.run({ tenantId }, () => service.eventOf(tenantId, messageId, clientId)),
    };
    const plugin = async (app: FastifyInstance) => {
      await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES }, preClose: closeSockets });
      const stop = fanOut.listen(sink, log);
      app.addHook('onClose', async () => stop());
      await app.register(webchatRoutes(service), { prefix: WEBCHAT_PATH });
      await app.register(
        async (scope) => {
          // Public at the HTTP level: the socket proves its session in its first frame (see ChatConnection).
          scope.get(
            '/ws',
            { websocket: true, config: { public: true, scope: 'manual' }, schema: { tags: ['webchat'] } },
            (socket, request) => {
              new ChatConnection(socket as SocketLike, request.lang, {
                hub,
                service,
                database,
                sessions,
                apiScopes,
                verify: verifyToken,
                log: app.log,
              }).start();
            },
          );
        },
        { prefix: WEBCHAT_PATH },
      );
    };
    return {
      provides: {},
      async register(app) {
        await app.register(plugin);
      },
    };
  },
});
