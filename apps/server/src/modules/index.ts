import { join } from 'node:path';
import {
  dictBizResource,
  dictResource,
  eleDefResource,
  gridResource,
  ossResource,
  pageResource,
  plainResources,
  flowModelResource,
  scriptServiceResource,
  smsResource,
  TIME_ZONE_PATH,
} from '@yuan/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { AuthContext } from '../types.ts';
import type { Database } from '../db/index.ts';
import { afterCommit, inScope as unitOpen } from '../db/scope.ts';
import { CrudRepo } from '../lib/crud/crud.repo.ts';
import { crudRoutes } from '../lib/crud/crud.routes.ts';
import { CrudService, type ResourceRules } from '../lib/crud/crud.service.ts';
import { ListCache } from '../lib/crud/list-cache.ts';
import { sealedFields } from '../lib/crud/sealed-fields.ts';
import { ServiceCipher } from '../lib/cipher/service-cipher.ts';
import { Egress } from '../lib/egress/egress.ts';
import { GuardedHttp } from '../lib/sandbox/guarded-http.ts';
import { Sandbox } from '../lib/sandbox/sandbox.ts';
import { SecretBox } from '../lib/secret-box.ts';
import { AuthRepo } from './auth/auth.repo.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { CaptchaService } from './auth/captcha.service.ts';
import { ClientAuth } from './auth/client-auth.ts';
import { PhoneLoginService } from './auth/phone-login.service.ts';
import { SessionRepo } from './auth/session.repo.ts';
import { SessionGuard } from './auth/session-guard.ts';
import { SocialRepo } from './auth/social/social.repo.ts';
import { SocialLoginService } from './auth/social/social-login.service.ts';
import { SsoRepo } from './auth/sso/sso.repo.ts';
import { SsoService } from './auth/sso/sso.service.ts';
import { TokenService } from './auth/token.service.ts';
import { TokenIssuer } from './auth/token-issuer.ts';
import { VerifyCodeService } from './auth/verify-code.service.ts';
import { noticeReaderRoutes } from './desk/notice.routes.ts';
import { noticeRules } from './desk/notice.rules.ts';
import { NoticeReaderRepo } from './desk/notice-reader.repo.ts';
import { NoticeReaderService } from './desk/notice-reader.service.ts';
import { scriptRules } from './flow/service/script.rules.ts';
import { ScriptService } from './flow/service/script.service.ts';
import { blocklyRoutes } from './flow/blockly/blockly.routes.ts';
import { walletModule } from './wallet/wallet.module.ts';
import { developModule } from './develop/develop.module.ts';
import { i18nModule } from './i18n/i18n.module.ts';
import { webchatModule } from './webchat/webchat.module.ts';
import { dashboardModule } from './dashboard/dashboard.module.ts';
import { SqlEditService } from './lowcode/sql/sql-edit.service.ts';
import { reportRules } from './report/report.rules.ts';
import { DeployService } from './flow/engine/deploy.service.ts';
import { FlowTimers } from './flow/engine/flow-timers.ts';
import { FlowRepo } from './flow/engine/flow.repo.ts';
import { flowRoutes } from './flow/engine/flow.routes.ts';
import { InstanceService } from './flow/engine/instance.service.ts';
import { modelRules } from './flow/engine/model.rules.ts';
import { ScheduleRepo } from './flow/schedule/schedule.repo.ts';
import { scheduleRoutes } from './flow/schedule/schedule.routes.ts';
import { ScriptScheduler } from './flow/schedule/script-scheduler.ts';
import { ScriptCalls } from './flow/service/script-calls.ts';
import { ScriptTree } from './flow/service/script-tree.ts';
import { serviceRoutes } from './flow/service/service.routes.ts';
import { HelpRepo } from './help/help.repo.ts';
import { appDownloadRoutes } from './app/app-download.routes.ts';
import { AppDownloadService } from './app/app-download.service.ts';
import { WebsiteRepo } from './website/website.repo.ts';
import { websiteRoutes } from './website/website.routes.ts';
import { WebsiteService } from './website/website.service.ts';
import { helpRoutes } from './help/help.routes.ts';
import { helpVideoRules } from './help/help.rules.ts';
import { HelpService } from './help/help.service.ts';
import { ErrorLogRepo } from './log/error-log.repo.ts';
import { myLogRoutes } from './log/log.routes.ts';
import { LogService } from './log/log.service.ts';
import { UsualLogRepo } from './log/usual-log.repo.ts';
import { designRoutes } from './lowcode/design/design.routes.ts';
import { type DesignKind, DesignService, designRules } from './lowcode/design/design.service.ts';
import { elementRoutes } from './lowcode/element/element.routes.ts';
import { elementRules } from './lowcode/element/element.rules.ts';
import { entityDataRoutes, type InScope } from './lowcode/entity/data.routes.ts';
import { DdlService } from './lowcode/entity/ddl.service.ts';
import { EntityRepo } from './lowcode/entity/entity.repo.ts';
import { entityRoutes } from './lowcode/entity/entity.routes.ts';
import { EntityService } from './lowcode/entity/entity.service.ts';
import { EntityDataService } from './lowcode/entity/entity-data.service.ts';
import { EntityExcel } from './lowcode/entity/entity-excel.ts';
import { MailService } from './mail/mail.service.ts';
import { enableRoutes } from './resource/enable.routes.ts';
import { putFileRoutes } from './resource/put-file.routes.ts';
import { sendMessageRoutes } from './resource/send-message.routes.ts';
import { SmsService } from './resource/sms-send.service.ts';
import { UploadService } from './resource/upload.service.ts';
import { clientRules } from './system/client/client.rules.ts';
import { DeptRepo } from './system/dept/dept.repo.ts';
import { deptSelectRoutes } from './system/dept/dept.routes.ts';
import { deptRules } from './system/dept/dept.rules.ts';
import { dictRoutes } from './system/dict/dict.routes.ts';
import { dictRules } from './system/dict/dict.rules.ts';
import { DictService } from './system/dict/dict.service.ts';
import { MenuRepo } from './system/menu/menu.repo.ts';
import { menuRoutes } from './system/menu/menu.routes.ts';
import { MenuService } from './system/menu/menu.service.ts';
import { PermissionService } from './system/menu/permission.service.ts';
import { paramRules } from './system/param/param.rules.ts';
import { PostRepo } from './system/post/post.repo.ts';
import { postSelectRoutes } from './system/post/post.routes.ts';
import { RegionRepo } from './system/region/region.repo.ts';
import { regionRoutes } from './system/region/region.routes.ts';
import { ApiScopeService } from './system/role/api-scope.service.ts';
import { DataScopeService } from './system/role/data-scope.service.ts';
import { GrantRepo } from './system/role/grant.repo.ts';
import { GrantService } from './system/role/grant.service.ts';
import { grantRoutes } from './system/role/role.routes.ts';
import { TenantRepo } from './system/tenant/tenant.repo.ts';
import { tenantRoutes } from './system/tenant/tenant.routes.ts';
import { tenantRules } from './system/tenant/tenant.rules.ts';
import { timeZoneRoutes } from './system/time-zone/time-zone.routes.ts';
import { TimeZoneService } from './system/time-zone/time-zone.service.ts';
import { RegisterService } from './user/register.service.ts';
import { RetrieveService } from './user/retrieve.service.ts';
import { userRoutes } from './user/user.routes.ts';
import { userRules } from './user/user.rules.ts';
import { UserService } from './user/user.service.ts';
import { UserExcel } from './user/user-excel.ts';

/** Wires repos → services → routes. Every dependency is created here, once. */
export function wireModules(config: Config, database: Database) {
  const db = database.db;
  const sessionRepo = new SessionRepo(db);
  const sessions = new SessionGuard(sessionRepo, database);
  const authRepo = new AuthRepo(db);
  const clients = new ClientAuth(authRepo);
  const captcha = new CaptchaService(db, config.captchaMode);
  const issuer = new TokenIssuer(config, authRepo, sessionRepo);
  const tokens = new TokenService(
    config,
    database,
    authRepo,
    sessionRepo,
    sessions,
    clients,
    captcha,
    issuer,
  );
  const box = new SecretBox(config.dataKey);
  // Every outbound connection to an address a tenant (or a tenant's script) chose leaves through this guard.
  const egress = new Egress(config.egressAllow);
  const sms = new SmsService(database, config.smsEndpoints, box, egress);
  const codes = new VerifyCodeService(db);
  const phone = new PhoneLoginService(database, authRepo, tokens, codes, sms);
  const mail = new MailService(config.mail);
  const socialRepo = new SocialRepo(db);
  const social = new SocialLoginService(config.social, database, socialRepo, authRepo, tokens);
  const sso = new SsoService(database, new SsoRepo(db), authRepo, tokens, sessions, codes, mail);
  tokens.addGrant('social', (req, client) => social.grant(req, client));
  tokens.addGrant('authorization_code', (req, client) => sso.codeGrant(req, client));
  const errorLog = new ErrorLogRepo(db);
  const logs = new LogService(database);
  const menuRepo = new MenuRepo(db);
  const menus = new MenuService(menuRepo);
  const perms = new PermissionService(menuRepo, database);
  const counts = new ListCache();

  const dicts = new DictService(db, dictResource);
  const bizDicts = new DictService(db, dictBizResource);
  // Menus, roles and top menus shape what every caller sees: a change drops the trees and permission sets.
  const menuChange: ResourceRules = {
    changed: () =>
      afterCommit(() => {
        menus.clear();
        perms.clear();
      }),
  };
  const tenantRepo = new TenantRepo(db);
  const dataScopes = new DataScopeService(db);
  const apiScopes = new ApiScopeService(database);
  const scopeChange: ResourceRules = {
    changed: () =>
      afterCommit(() => {
        dataScopes.clear();
        apiScopes.clear();
      }),
  };
  const zones = new TimeZoneService(db, database);
  const depts = new DeptRepo(db);
  // The SQL editor's runner: reports are checked by it when saved and run through it.
  const sqlEdit = new SqlEditService(db, new EntityRepo(db), config.sql);
  const rules: Partial<Record<string, ResourceRules>> = {
    param: paramRules(zones),
    menu: menuChange,
    role: menuChange,
    topMenu: menuChange,
    dataScope: scopeChange,
    apiScope: scopeChange,
    tenant: tenantRules(tenantRepo),
    user: userRules(db),
    notice: noticeRules,
    client: clientRules,
    dept: deptRules(depts),
    dict: dictRules(db, dictResource, dicts),
    dictBiz: dictRules(db, dictBizResource, bizDicts),
    oss: sealedFields(box, ['secretKey']),
    sms: sealedFields(box, ['secretKey']),
    datasource: sealedFields(box, ['password']),
    report: reportRules(sqlEdit),
    helpVideo: helpVideoRules,
  };
  const caches = [sessions, clients, perms, counts, menus, dicts, bizDicts, dataScopes, apiScopes, zones];
  const cruds: Partial<Record<string, CrudService>> = {};
  for (const res of plainResources) {
    cruds[res.name] = new CrudService(
      res,
      new CrudRepo(db, res, null, true),
      counts,
      rules[res.name],
      dataScopes,
    );
  }
  const grants = new GrantService(new GrantRepo(db), [perms, menus, dataScopes, apiScopes]);

  const users = new UserService(db, sessions);

  const entityRepo = new EntityRepo(db);
  const eleDefRepo = new CrudRepo(db, eleDefResource, null, true);
  const eleDefs = new CrudService(
    eleDefResource,
    eleDefRepo,
    counts,
    elementRules(entityRepo, () => eleDefRepo),
  );
  const entityData = new EntityDataService(db, entityRepo, counts, dataScopes, bizDicts);
  const designs = ([pageResource, gridResource] as const).map((res) => {
    const kind = res.name as DesignKind;
    const repo = new CrudRepo(db, res, null, true);
    const crud = new CrudService(res, repo, counts, designRules(kind, entityRepo), dataScopes);
    return new DesignService(kind, res, crud, repo, db, entityRepo);
  });
  const ddl = new DdlService(entityRepo, (entId) => entityData.forget(entId));
  const entities = new EntityService(entityRepo, ddl, {
    elementDefExists: (tenantId, defNo) => eleDefRepo.taken(tenantId, 'defNo', defNo),
    dictExists: async (ctx, code) => (await bizDicts.dictionary(ctx, code)).length > 0,
    designFound: (ctx, kind, id) =>
      (designs.find((d) => d.kind === kind) as DesignService).crud.detail(ctx, id),
    designRestore: (ctx, kind, id, body) =>
      (designs.find((d) => d.kind === kind) as DesignService).crud.submit(ctx, { ...body, id }),
  });

  /** Background work (process timers, schedules) runs as a user with the roles and department they have now. */
  const actAs = async (tenantId: string, userId: string): Promise<AuthContext | undefined> => {
    const user = await authRepo.findUser(tenantId, userId);
    if (!user) {
      return undefined;
    }
    const roleIds = String(user.role_id ?? '')
      .split(',')
      .filter(Boolean);
    const roles = await authRepo.rolesOf(tenantId, roleIds);
    return {
      tenantId,
      userId,
      account: user.account,
      roleNames: roles.map((r) => r.role_alias),
      roleIds,
      deptId: String(user.dept_id ?? '').split(',')[0] ?? '',
      sessionId: '',
      clientId: '',
    };
  };
  let appLog: FastifyBaseLogger | undefined;
  const zoneOf = async (tenantId: string) => zones.zoneOf(tenantId);
  const scheduleRepo = new ScheduleRepo(db);
  // The embedded database serves this process alone: what a process left running on it at start was cut short.
  const sole = !config.databaseUrl;
  const scheduler: ScriptScheduler = new ScriptScheduler({
    database,
    sole,
    repo: scheduleRepo,
    run: (ctx, code) => scripts.run(ctx, code, {}),
    actAs,
    zoneOf,
    log: () => appLog,
  });
  const noticeReader = new NoticeReaderService(new NoticeReaderRepo(db), counts);
  const sandbox = new Sandbox({ workers: config.scriptWorkers });
  const scriptRepo = new CrudRepo(db, scriptServiceResource, null, true);
  const scriptTree: CrudService = new CrudService(
    scriptServiceResource,
    scriptRepo,
    counts,
    scriptRules(
      () => scriptRepo,
      (tenantId, row) => scheduler.plan(tenantId, row),
    ),
  );
  const scripts: ScriptService = new ScriptService(
    sandbox,
    {
      entIdOf: async (entNo) => (await entityRepo.findByNo(entNo))?.id,
      list: (ctx, entId, query) => entityData.list(ctx, entId, query),
    },
    scriptTree,
    {
      unit: async (ctx, fn) =>
        unitOpen()
          ? fn()
          : database.run({ tenantId: ctx.tenantId, timeZone: await zoneOf(ctx.tenantId) }, fn),
      inUnit: unitOpen,
      http: new GuardedHttp(config.scriptHttpAllow, egress),
      unreadNotices: async (ctx) => (await noticeReader.unread(ctx)).total,
      userName: async (ctx, account) => {
        const user = await authRepo.findUserByAccount(ctx.tenantId, account);
        return user ? user.real_name || user.name : null;
      },
    },
  );
  const scriptCalls = new ScriptCalls(
    db,
    scripts,
    (ctx) => perms.codes(ctx),
    config.serviceKey ? new ServiceCipher(config.serviceKey) : undefined,
  );

  const modelCrud = new CrudService(
    flowModelResource,
    new CrudRepo(db, flowModelResource, null, true),
    counts,
    modelRules,
  );
  const flowRepo = new FlowRepo(db);
  const instances = new InstanceService(flowRepo, {
    run: async (ctx, code, params) => {
      const result = await scripts.run(ctx, code, params);
      if (!result.ok) {
        throw new Error(result.error ?? 'script failed');
      }
      return result.value;
    },
    service: (ctx, path, params) => scriptCalls.forProcess(ctx, path, params),
  });
  const deploys = new DeployService(flowRepo, modelCrud, instances, (tenantId) =>
    scriptRepo.tenantIsLive(tenantId),
  );

  const wallet = walletModule({
    database,
    db,
    box,
    counts,
    codes,
    mail,
    sms,
    chain: { ...config.chain, dir: config.dataDir },
    lowcode: {
      entities,
      entityRepo,
      ddl,
      grids: designs.find((d) => d.kind === 'grid') as DesignService,
      dicts: bizDicts,
    },
  });

  const develop = developModule({
    config,
    database,
    db,
    box,
    egress,
    sqlEdit,
    reports: cruds.report as CrudService,
    codes: cruds.code as CrudService,
  });

  async function register(app: FastifyInstance): Promise<void> {
    appLog = app.log;
    const timers = new FlowTimers(database, flowRepo, instances, actAs, () => app.log);
    app.addHook('onReady', async () => {
      await timers.recover(sole);
      await scheduler.recover(true);
      timers.poller.start();
      scheduler.poller.start();
    });
    app.stops.add('jobs', 'process timers', () => timers.poller.stop());
    app.stops.add('jobs', 'scheduled services', () => scheduler.poller.stop());
    await app.register(scheduleRoutes(scheduleRepo, zoneOf), { prefix: '/api/yuan-api/scheduled' });
    await app.register(blocklyRoutes(db, scripts), { prefix: '/api/blockly' });
    await app.register(crudRoutes(flowModelResource, modelCrud), { prefix: flowModelResource.basePath });
    await app.register(flowRoutes(flowRepo, deploys, instances), { prefix: '/api/yuan-flow' });
    app.stops.add('services', 'mail', () => mail.close());
    app.stops.add('services', 'script sandbox', () => sandbox.close());
    const secureCookies = config.social.publicUrl.startsWith('https:');
    await app.register(
      authRoutes({ tokens, captcha, errorLog, sessions, caches, logs, phone, social, sso, secureCookies }),
      { prefix: '/api/yuan-auth' },
    );
    await app.register(menuRoutes(menus), { prefix: '/api/yuan-system' });
    await app.register(helpRoutes(new HelpService(new HelpRepo(db))), { prefix: '/api/yuan-api' });
    await app.register(appDownloadRoutes(new AppDownloadService(database)), { prefix: '/api/cors/oauth' });
    await app.register(websiteRoutes(new WebsiteService(new WebsiteRepo(db))), {
      prefix: '/api/yuan-api/website',
    });
    await app.register(dictRoutes(dictResource, dicts), { prefix: dictResource.basePath });
    await app.register(dictRoutes(dictBizResource, bizDicts), { prefix: dictBizResource.basePath });
    for (const res of plainResources) {
      await app.register(crudRoutes(res, cruds[res.name]!), { prefix: res.basePath });
    }
    await app.register(elementRoutes(eleDefs), { prefix: '/api/yuan-api' });
    await app.register(entityRoutes(entities, ddl, eleDefs), { prefix: '/api/yuan-api' });
    const inScope: InScope = async (ctx, fn) =>
      database.run({ tenantId: ctx.tenantId, timeZone: await zones.zoneOf(ctx.tenantId) }, fn);
    await app.register(entityDataRoutes(entityData, new EntityExcel(entityData), inScope), {
      prefix: '/api/yuan-api',
    });
    for (const design of designs) {
      await app.register(designRoutes(design, entityData), { prefix: '/api/yuan-api' });
    }
    await wallet.register(app, inScope);
    await develop.register(app);
    await app.register(webchatModule({ config, database, sessions, apiScopes }));
    await app.register(i18nModule(database, db, counts));
    await app.register(dashboardModule(db));
    await app.register(serviceRoutes(scriptTree, scripts, new ScriptTree(scriptTree), scriptCalls), {
      prefix: '/api/yuan-api',
    });
    await app.register(grantRoutes(grants, cruds.role!), { prefix: '/api/yuan-system' });
    await app.register(tenantRoutes(tenantRepo), { prefix: '/api/yuan-system/tenant' });
    await app.register(regionRoutes(new RegionRepo(db)), { prefix: '/api/yuan-system/region' });
    await app.register(timeZoneRoutes(zones, cruds.param!), { prefix: TIME_ZONE_PATH });
    await app.register(deptSelectRoutes(depts), { prefix: '/api/yuan-system/dept' });
    await app.register(postSelectRoutes(new PostRepo(db)), { prefix: '/api/yuan-system/post' });
    await app.register(noticeReaderRoutes(noticeReader), {
      prefix: '/api/yuan-desk/notice',
    });
    await app.register(myLogRoutes(new UsualLogRepo(db)), { prefix: '/api/yuan-log/usual' });
    await app.register(
      putFileRoutes(new UploadService(database, join(config.dataDir, 'oss'), cruds.attach!, box, egress)),
      {
        prefix: '/api/yuan-resource/oss/endpoint',
      },
    );
    await app.register(sendMessageRoutes(sms), { prefix: `${smsResource.basePath}/endpoint` });
    for (const res of [ossResource, smsResource]) {
      await app.register(enableRoutes(res, db), { prefix: res.basePath });
    }
    await app.register(
      userRoutes(users, cruds.user!, new UserExcel(db), {
        register: new RegisterService(db, authRepo, socialRepo, sessions),
        logs,
        retrieve: new RetrieveService(database, authRepo, codes, mail, users),
      }),
      { prefix: '/api/yuan-user' },
    );
  }

  return { sessions, perms, apiScopes, logs, zones, register };
}
