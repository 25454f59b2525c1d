import { flowSchemas } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, badRequest, notFound } from '../../../lib/errors.ts';
import { caller } from '../../../plugins/auth.ts';
import { ok } from '../../../plugins/envelope.ts';
import type { AuthContext } from '../../../types.ts';
import { MAX_BPMN_BYTES } from './bpmn-check.ts';
import type { BpmnFile, DeployService } from './deploy.service.ts';
import type { FlowRepos } from './flow.repo.ts';
import { InstanceService } from './instance.service.ts';

const tags = ['flow'];
const FILE = /\.(bpmn|bpmn20\.xml)$/i;

/** SPEC §7 /api/yuan-flow: deploying, definitions, instances, their diagram, and the caller's tasks. */
export function flowRoutes(repos: FlowRepos, deploys: DeployService, instances: InstanceService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    /** A POST that acts as the caller and answers an empty success (`perm`: the buttons that open it, if any). */
    const command = <B extends z.ZodType>(
      path: string,
      perm: string[] | undefined,
      body: B,
      act: (ctx: AuthContext, body: z.output<B>) => Promise<unknown>,
    ) =>
      r.post(path, { ...(perm ? { config: { perm } } : {}), schema: { tags, body } }, async (req) => {
        // The schema parsed the body; the type provider cannot follow a generic schema to its output type.
        await act(caller(req), req.body as z.output<B>);
        return ok(req.lang, null);
      });
    r.post(
      '/model/deploy',
      { config: { perm: ['flowModel_deploy'] }, schema: { tags, body: flowSchemas.deploy } },
      async (req) =>
        ok(req.lang, await deploys.deployModel(caller(req), req.body.id, req.body.tenantIds?.split(','))),
    );
    r.get(
      '/manager/list',
      { config: { perm: ['flowManager'] }, schema: { tags, querystring: flowSchemas.managerList } },
      async (req) => ok(req.lang, await repos.definitions.listDefinitions(caller(req).tenantId, req.query)),
    );
    command('/manager/change-state', ['flowManager_state'], flowSchemas.changeState, (ctx, body) =>
      deploys.changeState(ctx, body.processId, body.state),
    );
    command('/manager/delete-deployment', ['flowManager_delete'], flowSchemas.deleteDeployment, (ctx, body) =>
      deploys.removeDeployments(ctx, body.deploymentIds.split(','), body.cascade === true),
    );
    r.post(
      '/manager/deploy-upload',
      {
        config: { perm: ['flowManager_upload'] },
        schema: {
          tags,
          summary: 'multipart: category, tenantIds (comma-separated), then files (.bpmn, .bpmn20.xml)',
        },
      },
      async (req) => {
        if (!req.isMultipart()) {
          throw new AppError(400, 'flow.uploadFiles');
        }
        const files: BpmnFile[] = [];
        const fields: Record<string, string> = {};
        for await (const part of req.parts({ limits: { fileSize: MAX_BPMN_BYTES, files: 20 } })) {
          if (part.type === 'file') {
            if (!FILE.test(part.filename)) {
              throw new AppError(400, 'flow.uploadFiles');
            }
            files.push({ name: part.filename, xml: (await part.toBuffer()).toString('utf8') });
          } else {
            fields[part.fieldname] = String(part.value).slice(0, 2000);
          }
        }
        if (files.length === 0) {
          throw new AppError(400, 'flow.uploadFiles');
        }
        const tenantIds = (fields.tenantIds ?? '').split(',').filter(Boolean);
        if (tenantIds.some((t) => !/^[0-9A-Za-z]{1,12}$/.test(t))) {
          throw badRequest('error.validation', { field: 'tenantIds', detail: 'not tenant ids' });
        }
        const category = (fields.category ?? '').slice(0, 64);
        return ok(req.lang, await deploys.deploy(caller(req), files, { category, tenantIds }));
      },
    );
    r.get(
      '/follow/list',
      { config: { perm: ['flowFollow'] }, schema: { tags, querystring: flowSchemas.followList } },
      async (req) => ok(req.lang, await repos.instances.listInstances(caller(req).tenantId, req.query)),
    );
    command(
      '/follow/delete-process-instance',
      ['flowFollow_delete'],
      flowSchemas.deleteInstance,
      (ctx, body) => instances.remove(ctx, body.processInstanceId, body.deleteReason),
    );
    r.get(
      '/process/model-view',
      {
        config: { perm: ['flowFollow', 'flowManager', 'flowWork'] },
        schema: { tags, querystring: flowSchemas.modelView },
      },
      async (req) => {
        const { tenantId } = caller(req);
        const { processInstanceId, processDefinitionId } = req.query;
        if (processInstanceId) {
          const found = await repos.instances.instanceDefinition(tenantId, processInstanceId);
          if (!found) {
            throw notFound();
          }
          const history = await repos.instances.historyOf(tenantId, processInstanceId);
          return ok(req.lang, {
            xml: found.xml,
            completed: history.filter((h) => h.kind === 'activity').map((h) => h.elementId),
            flows: history.filter((h) => h.kind === 'flow').map((h) => h.elementId),
            current: found.current.map((c) => c.id),
          });
        }
        const def = processDefinitionId
          ? await repos.definitions.definition(tenantId, processDefinitionId)
          : undefined;
        if (!def) {
          throw processDefinitionId
            ? notFound()
            : badRequest('error.missingParam', { name: 'processInstanceId' });
        }
        return ok(req.lang, { xml: def.xml, completed: [], flows: [], current: [] });
      },
    );
    r.post('/process/start-process-instance', { schema: { tags, body: flowSchemas.start } }, async (req) =>
      ok(req.lang, await instances.start(caller(req), req.body)),
    );
    r.post(
      '/process/signal',
      {
        config: { perm: ['flowFollow'] },
        schema: {
          tags,
          summary: 'A message to an instance waiting in a catch event or receive task',
          body: flowSchemas.signal,
        },
      },
      async (req) => ok(req.lang, await instances.signal(caller(req), req.body)),
    );
    r.get('/work/todo-list', { schema: { tags, querystring: flowSchemas.taskList } }, async (req) => {
      const ctx = caller(req);
      return ok(
        req.lang,
        await repos.tasks.todo(ctx.tenantId, InstanceService.viewer(ctx), req.query.current, req.query.size),
      );
    });
    r.get('/work/done-list', { schema: { tags, querystring: flowSchemas.taskList } }, async (req) => {
      const ctx = caller(req);
      return ok(
        req.lang,
        await repos.tasks.done(ctx.tenantId, ctx.userId, req.query.current, req.query.size),
      );
    });
    command('/work/claim-task', undefined, flowSchemas.claim, (ctx, body) =>
      instances.claim(ctx, body.taskId),
    );
    r.post('/work/complete-task', { schema: { tags, body: flowSchemas.complete } }, async (req) =>
      ok(req.lang, await instances.complete(caller(req), req.body)),
    );
  };
}
