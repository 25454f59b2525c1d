import { flowModelResource, scriptServiceResource } from '@yuan/contract';
import { inScope as unitOpen } from '../../db/scope.ts';
import { ServiceCipher } from '../../lib/cipher/service-cipher.ts';
import { CrudRepo } from '../../lib/crud/crud.repo.ts';
import { crudRoutes } from '../../lib/crud/crud.routes.ts';
import { CrudService } from '../../lib/crud/crud.service.ts';
import type { AuthContext } from '../../types.ts';
import { defineModule } from '../../lib/module/module.ts';
import { GuardedHttp } from '../../lib/sandbox/guarded-http.ts';
import { Sandbox } from '../../lib/sandbox/sandbox.ts';
import { authModule } from '../auth/index.ts';
import { deskModule } from '../desk/index.ts';
import { lowcodeModule } from '../lowcode/index.ts';
import { systemModule } from '../system/index.ts';
import { blocklyRoutes } from './blockly/blockly.routes.ts';
import { DeployService } from './engine/deploy.service.ts';
import { FlowTimers } from './engine/flow-timers.ts';
import { flowRepos } from './engine/flow.repo.ts';
import { flowRoutes } from './engine/flow.routes.ts';
import { InstanceService } from './engine/instance.service.ts';
import { modelRules } from './engine/model.rules.ts';
import { ScheduleRepo } from './schedule/schedule.repo.ts';
import { scheduleRoutes } from './schedule/schedule.routes.ts';
import { ScriptScheduler } from './schedule/script-scheduler.ts';
import { ScriptCalls } from './service/script-calls.ts';
import { scriptRules } from './service/script.rules.ts';
import { ScriptService } from './service/script.service.ts';
import { ScriptTree } from './service/script-tree.ts';
import { serviceRoutes } from './service/service.routes.ts';

/** BPMN processes (models, deployments, instances, timers), user scripts in the sandbox and their schedules. */
export const flowModule = defineModule({
  name: 'flow',
  needs: { system: systemModule, auth: authModule, desk: deskModule, lowcode: lowcodeModule },
  build(ground, { system, auth, desk, lowcode }) {
    const { config, database, db, counts } = ground;
    const zoneOf = async (tenantId: string) => system.zones.zoneOf(tenantId);
    const scheduleRepo = new ScheduleRepo(db);
    const scheduler: ScriptScheduler = new ScriptScheduler({
      database,
      sole: ground.sole,
      repo: scheduleRepo,
      run: (ctx, code) => scripts.run(ctx, code, {}),
      actAs: auth.actAs,
      zoneOf,
      log: ground.log,
    });
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
        entIdOf: async (entNo) => (await lowcode.entityRepo.findByNo(entNo))?.id,
        list: (ctx, entId, query) => lowcode.entityData.list(ctx, entId, query),
      },
      scriptTree,
      {
        unit: async (ctx, fn) =>
          unitOpen()
            ? fn()
            : database.run({ tenantId: ctx.tenantId, timeZone: await zoneOf(ctx.tenantId) }, fn),
        inUnit: unitOpen,
        http: new GuardedHttp(config.scriptHttpAllow, ground.egress),
        unreadNotices: async (ctx) => (await desk.notices.unread(ctx)).total,
        userName: async (ctx, account) => {
          const user = await auth.authRepo.findUserByAccount(ctx.tenantId, account);
          return user ? user.real_name || user.name : null;
        },
      },
    );
    const scriptCalls = new ScriptCalls(
      db,
      scripts,
      (ctx) => system.perms.codes(ctx),
      config.serviceKey ? new ServiceCipher(config.serviceKey) : undefined,
    );
    const modelCrud = new CrudService(
      flowModelResource,
      new CrudRepo(db, flowModelResource, null, true),
      counts,
      modelRules,
    );
    ground.restorers.crud(scriptServiceResource, scriptTree);
    ground.restorers.crud(flowModelResource, modelCrud);
    const repos = flowRepos(db);
    const instances = new InstanceService(repos, {
      run: async (ctx, code, params) => {
        const result = await scripts.run(ctx, code, params);
        if (!result.ok) {
          throw new Error(result.error ?? 'script failed');
        }
        return result.value;
      },
      service: (ctx, path, params) => scriptCalls.forProcess(ctx, path, params),
    });
    const deploys = new DeployService(repos.definitions, modelCrud, instances, (tenantId) =>
      scriptRepo.tenantIsLive(tenantId),
    );
    return {
      provides: {
        /** Starts the latest deployed process of a key as `ctx` (a trigger's action). */
        startProcess: (ctx: AuthContext, processKey: string, variables: Record<string, unknown>) =>
          instances.start(ctx, { processDefinitionKey: processKey, variables }),
        /** Runs one of the tenant's enabled flow services, named by id, as `ctx` (a trigger's action). */
        runService: async (ctx: AuthContext, serviceId: string, params: Record<string, unknown>) => {
          // A short unit of its own for the look-up: the script then runs holding no connection.
          const row = await scripts.unit(ctx, () => scriptTree.detail(ctx, serviceId));
          return scriptCalls.forProcess(ctx, String(row.path ?? ''), params);
        },
        /** One of the tenant's flow services (not found: another tenant's, or none). */
        findService: (ctx: AuthContext, serviceId: string) => scriptTree.detail(ctx, serviceId),
        /** Runs code in the sandbox as `ctx` (a trigger's condition). */
        evaluate: (ctx: AuthContext, code: string, params: Record<string, unknown>) =>
          scripts.run(ctx, code, params),
      },
      async register(app) {
        const timers = new FlowTimers(database, repos, instances, auth.actAs, () => app.log);
        app.addHook('onReady', async () => {
          await timers.recover(ground.sole);
          await scheduler.recover(true);
        });
        // Their rounds begin when the runner starts, after the recovery above (the app's last start step).
        timers.useJobs(ground.jobs);
        scheduler.useJobs(ground.jobs);
        app.stops.add('services', 'script sandbox', () => sandbox.close());
        await app.register(scheduleRoutes(scheduleRepo, zoneOf), { prefix: '/api/yuan-api/scheduled' });
        await app.register(blocklyRoutes(db, scripts), { prefix: '/api/blockly' });
        await app.register(crudRoutes(flowModelResource, modelCrud), { prefix: flowModelResource.basePath });
        await app.register(flowRoutes(repos, deploys, instances), { prefix: '/api/yuan-flow' });
        await app.register(serviceRoutes(scriptTree, scripts, new ScriptTree(scriptTree), scriptCalls), {
          prefix: '/api/yuan-api',
        });
      },
    };
  },
});
