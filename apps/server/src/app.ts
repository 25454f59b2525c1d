import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type AppConfig, message } from '@yuan/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { busFor } from './lib/bus/index.ts';
import { CacheRegistry } from './lib/cache/cache-registry.ts';
import { shareDrops } from './lib/cache/shared-drops.ts';
import { Readiness } from './lib/health/readiness.ts';
import { JobRunner } from './lib/jobs/job-runner.ts';
import { Restorers } from './lib/crud/restorers.ts';
import { ListCache } from './lib/crud/list-cache.ts';
import { Egress } from './lib/egress/egress.ts';
import { tokenVerifier } from './lib/jwt.ts';
import { StopList } from './lib/lifecycle/stop-list.ts';
import { buildModules, type Ground, type Module } from './lib/module/module.ts';
import { SecretBox } from './lib/secret-box.ts';
// Only the three the plugins check with: the rest come from the caller, so a test loads only what it builds.
import { authModule } from './modules/auth/index.ts';
import { logModule } from './modules/log/index.ts';
import { systemModule } from './modules/system/index.ts';
import { registerApiLog, tenantOfCall } from './plugins/api-log.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDrain } from './plugins/drain.ts';
import { ok, registerEnvelope } from './plugins/envelope.ts';
import { registerMetrics } from './plugins/metrics.ts';
import {
  logHooks,
  logSerializers,
  registerLogSecrets,
  scrubbedError,
  secretsOf,
} from './plugins/log-secrets.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { requestIdOf, registerRequestId } from './plugins/request-id.ts';
import { registerScope } from './plugins/scope.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import './types.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where the server's log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** The modules to build (and what they need); the system, log and auth modules always are. */
  modules: readonly Module<unknown>[];
}

/** The HTTP application: plugins, meta routes, the modules' routes and the built web app. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  modules,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          serializers: logSerializers,
          hooks: logHooks,
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    bodyLimit: 1024 * 1024,
    // Only the proxies the operator names; otherwise a caller could choose the address the lockout counts.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { maxParamLength: 200 },
    // Idle keep-alive connections close as soon as the app closes (busy ones when their call ends, see drain.ts).
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The first onClose hook runs last (Fastify runs them in reverse): the steps stop after everything else closed.
  app.decorate('stops', new StopList());
  app.addHook('onClose', async () => {
    await app.stops.run(app.log);
  });
  registerDrain(app);

  const caches = new CacheRegistry();
  const counts = new ListCache(caches);
  // Cache drops and the web chat reach every process of a cluster through it (decision 0046).
  const bus = busFor(config, database, () => app.log);
  shareDrops(caches, bus);
  const ground: Ground = {
    config,
    database,
    db: database.db,
    box: new SecretBox(config.dataKey),
    egress: new Egress(config.egressAllow),
    counts,
    sole: !config.databaseUrl,
    log: () => app.log,
    caches,
    verifyToken: tokenVerifier(config.jwtSecret, undefined, caches),
    jobs: new JobRunner({ url: database.url, log: () => app.log }),
    bus,
    restorers: new Restorers(),
  };
  // The plugins below check sessions, grants and scopes and write the logs: those modules are always built.
  const built = buildModules(ground, [systemModule, logModule, authModule, ...modules]);
  const { perms, apiScopes, zones } = built.get(systemModule);
  const { sessions } = built.get(authModule);
  const { logs } = built.get(logModule);

  // Before anything logs on a call's behalf.
  if (logger) {
    registerLogSecrets(app);
  }
  // First, so every answer has them, a refusal by a later hook included.
  registerSecurityHeaders(app);
  registerRequestId(app);
  registerRouteTable(app);
  registerEnvelope(app, (request, error) => {
    const ua = request.headers['user-agent'];
    logs.exception({
      tenantId: tenantOfCall(request),
      method: request.method,
      uri: request.url.split('?')[0] ?? '',
      ip: request.ip,
      userAgent: typeof ua === 'string' ? ua : '',
      account: request.auth?.account ?? '',
      error: scrubbedError(error, secretsOf(request)),
    });
  });
  registerApiLog(app, logs, config.apiLog);
  registerAuth(app, ground.verifyToken, sessions, perms, apiScopes);
  registerScope(app, database, zones);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // Uploads: one file of at most 5 MB per request; routes read it with request.file().
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 },
    throwFileSizeLimit: true,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Yuan Admin API', version: '0.1.0' },
      components: { securitySchemes: { bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth' } } },
      security: [{ bladeAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.addHook('onRoute', (route) => {
    // The docs UI and its JSON are public.
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), public: true };
    }
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });

  app.get('/api/health', { config: { public: true }, schema: { tags: ['meta'] } }, async (request) =>
    ok(request.lang, { status: 'up', database: 'postgres' }),
  );
  // Readiness for a load balancer or an orchestrator: 503 while this node cannot serve (the checks say why). Outside a
  // tenant scope: it reads the migrator's table as the owner.
  const readiness = new Readiness({ database, chainRpcUrl: config.chain.rpcUrl });
  app.get(
    '/api/ready',
    { config: { public: true, scope: 'manual' }, schema: { tags: ['meta'] } },
    async (request, reply) => {
      const state = await readiness.state();
      if (!state.ready) {
        return reply
          .status(503)
          .send({ code: 503, success: false, msg: message(request.lang, 'app.notReady'), data: state });
      }
      return ok(request.lang, state);
    },
  );
  app.get('/api/app-config', { config: { public: true }, schema: { tags: ['meta'] } }, async (request) => {
    const data: AppConfig = {
      clientId: config.webClientId,
      clientSecret: config.webClientSecret,
      tenantMode: config.tenantMode,
      switchMode: config.switchMode,
      captchaMode: config.captchaMode,
      tokenTime: 3000,
      ...(config.mapTileUrl ? { mapTileUrl: config.mapTileUrl } : {}),
    };
    return ok(request.lang, data);
  });

  // Before the modules' start steps: a drop they make while starting already reaches the other processes.
  app.addHook('onReady', () => bus.start());
  app.stops.add('services', 'bus', () => bus.close());
  registerMetrics(app, { database, caches, jobs: ground.jobs, token: config.metricsToken });
  await built.register(app);
  // After the modules' own start steps (recovering what a gone process left), so their jobs find it done.
  app.addHook('onReady', () => ground.jobs.start());
  app.stops.add('jobs', 'job runner', () => ground.jobs.stop());

  // Files of the local object store, public like a public bucket; their names are generated and unguessable.
  const ossDir = join(config.dataDir, 'oss');
  mkdirSync(ossDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: ossDir,
    prefix: '/oss/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
  });

  await registerWebApp(app, config.webDist);
  return app;
}
