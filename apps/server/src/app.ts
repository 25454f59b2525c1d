import { existsSync } from 'node:fs';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type AppConfig, dictBizResource, dictResource, plainResources } from '@yuan/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { AuthRepo } from './modules/auth/auth.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { CaptchaService } from './modules/auth/captcha.service.ts';
import { ClientAuth } from './modules/auth/client-auth.ts';
import { SessionRepo } from './modules/auth/session.repo.ts';
import { SessionGuard } from './modules/auth/session-guard.ts';
import { TokenService } from './modules/auth/token.service.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { clientRules } from './modules/system/client/client.rules.ts';
import { deptRules } from './modules/system/dept/dept.rules.ts';
import { dictRules } from './modules/system/dict/dict.rules.ts';
import { CountCache } from './lib/crud/count-cache.ts';
import { CrudRepo } from './lib/crud/crud.repo.ts';
import { crudRoutes } from './lib/crud/crud.routes.ts';
import { CrudService, type ResourceRules } from './lib/crud/crud.service.ts';
import { ErrorLogRepo } from './modules/log/error-log.repo.ts';
import { MenuRepo } from './modules/system/menu/menu.repo.ts';
import { menuRoutes } from './modules/system/menu/menu.routes.ts';
import { MenuService } from './modules/system/menu/menu.service.ts';
import { PermissionService } from './modules/system/menu/permission.service.ts';
import { registerAuth } from './plugins/auth.ts';
import { ok, registerEnvelope } from './plugins/envelope.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { registerScope } from './plugins/scope.ts';
import './types.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean;
}

/** Wires repos → services → routes. Every dependency is created here, once. */
export async function buildApp({ config, database, logger = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = database.db;
  const sessionRepo = new SessionRepo(db);
  const sessions = new SessionGuard(sessionRepo, database);
  const authRepo = new AuthRepo(db);
  const clients = new ClientAuth(authRepo);
  const captcha = new CaptchaService(db, config.captchaMode);
  const tokens = new TokenService(config, database, authRepo, sessionRepo, sessions, clients, captcha);
  const errorLog = new ErrorLogRepo(db);
  const menuRepo = new MenuRepo(db);
  const menus = new MenuService(menuRepo);
  const perms = new PermissionService(menuRepo, database);
  const counts = new CountCache();

  registerRouteTable(app);
  registerEnvelope(app, config.webDist);
  registerAuth(app, config.jwtSecret, sessions, perms);
  registerScope(app, database);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ["'self'", 'https:', 'http:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
      },
    },
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
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
    ok(request.lang, { status: 'up', database: database.driver }),
  );
  app.get('/api/app-config', { config: { public: true }, schema: { tags: ['meta'] } }, async (request) => {
    const data: AppConfig = {
      clientId: config.webClientId,
      clientSecret: config.webClientSecret,
      tenantMode: config.tenantMode,
      switchMode: config.switchMode,
      captchaMode: config.captchaMode,
      tokenTime: 3000,
    };
    return ok(request.lang, data);
  });

  await app.register(
    authRoutes({ tokens, captcha, errorLog, sessions, caches: [sessions, clients, perms, counts, menus] }),
    {
      prefix: '/api/yuan-auth',
    },
  );
  await app.register(menuRoutes(menus), { prefix: '/api/yuan-system' });
  await app.register(helpRoutes(db), { prefix: '/api/yuan-api' });
  const rules: Partial<Record<string, ResourceRules>> = {
    client: clientRules,
    dept: deptRules(db),
    dict: dictRules(db, dictResource),
    dictBiz: dictRules(db, dictBizResource),
  };
  for (const res of plainResources) {
    const service = new CrudService(res, new CrudRepo(db, res), counts, rules[res.name]);
    await app.register(crudRoutes(res, service), { prefix: res.basePath });
  }

  if (existsSync(config.webDist)) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
  }
  return app;
}
