import { type BpmnFinding, DEFAULT_TENANT_ID } from '@yuan/contract';
import { switchScope } from '../../../db/scope.ts';
import type { CrudService } from '../../../lib/crud/crud.service.ts';
import { AppError, forbidden, notFound } from '../../../lib/errors.ts';
import { nextId } from '../../../lib/id.ts';
import type { AuthContext } from '../../../types.ts';
import { type BpmnCheck, BpmnExpressionError, BpmnParseError, checkBpmn } from './bpmn-check.ts';
import type { DefinitionRepo } from './definition.repo.ts';
import type { InstanceService } from './instance.service.ts';

export interface BpmnFile {
  name: string;
  xml: string;
}

/**
 * Deployments: a model (or uploaded files) becomes a new version of a definition in each chosen tenant, only when
 * it parses and passes the model rules; definitions are suspended and resumed; a deployment with running instances
 * is removed only when the caller says so, ending those instances.
 */
export class DeployService {
  constructor(
    private readonly definitions: DefinitionRepo,
    private readonly models: CrudService,
    private readonly instances: InstanceService,
    private readonly tenantIsLive: (tenantId: string) => Promise<boolean>,
  ) {}

  /**
   * The check of a model's XML, or the refusal of XML that is not BPMN or holds an expression it may not (the first
   * named in the message, all of them as findings for the diagram).
   */
  static async check(xml: string): Promise<BpmnCheck> {
    try {
      return await checkBpmn(xml);
    } catch (error) {
      if (error instanceof BpmnParseError) {
        throw new AppError(400, 'flow.xmlInvalid', { detail: error.message });
      }
      if (error instanceof BpmnExpressionError) {
        const [first] = error.refusals;
        const findings: BpmnFinding[] = error.refusals.map((r) => ({
          id: r.element,
          message: `${r.attribute}: ${r.expression}`,
          rule: r.reason === 'place' ? 'yuan/expression-place' : 'yuan/expression-variable',
        }));
        throw new AppError(
          400,
          first?.reason === 'form' ? 'flow.expressionNotVariable' : 'flow.expressionNotAllowed',
          {
            element: first?.element ?? '',
            attribute: first?.attribute ?? '',
            expression: first?.expression ?? '',
          },
          findings,
        );
      }
      throw error;
    }
  }

  async deployModel(ctx: AuthContext, id: string, tenantIds?: string[]) {
    const model = await this.models.detail(ctx, id);
    return this.deploy(ctx, [{ name: `${String(model.modelKey)}.bpmn`, xml: String(model.xml) }], {
      category: String(model.category ?? ''),
      tenantIds,
    });
  }

  /** Every file is checked before anything is stored; one bad file refuses the whole deployment. */
  async deploy(ctx: AuthContext, files: BpmnFile[], options: { category: string; tenantIds?: string[] }) {
    const checked = [];
    for (const file of files) {
      const check = await DeployService.check(file.xml);
      if (check.errors.length > 0) {
        throw new AppError(
          400,
          'flow.lintErrors',
          { count: check.errors.length, file: file.name.slice(0, 100) },
          check.errors,
        );
      }
      const executable = check.processes.filter((p) => p.executable);
      if (executable.length !== 1 || !executable[0]) {
        throw new AppError(400, 'flow.oneProcess', { file: file.name.slice(0, 100) });
      }
      checked.push({ file, process: executable[0] });
    }
    const tenants = await this.targets(ctx, options.tenantIds);
    const deploymentId = nextId();
    const definitions = [];
    for (const tenantId of tenants) {
      for (const { file, process } of checked) {
        const version = await this.definitions.nextVersion(tenantId, process.id);
        const defId = await this.definitions.insertDefinition({
          tenantId,
          deploymentId,
          key: process.id,
          name: process.name.slice(0, 128),
          version,
          category: options.category.slice(0, 64),
          resourceName: file.name.slice(0, 255),
          xml: file.xml,
          userId: ctx.userId,
        });
        definitions.push({ id: defId, key: process.id, version, tenantId });
      }
    }
    return { deploymentId, definitions };
  }

  async changeState(ctx: AuthContext, processId: string, state: 'active' | 'suspended'): Promise<void> {
    if ((await this.definitions.setSuspended(ctx.tenantId, processId, state === 'suspended')) === 0) {
      throw notFound();
    }
  }

  async removeDeployments(ctx: AuthContext, ids: string[], cascade: boolean): Promise<void> {
    const unique = [...new Set(ids)];
    if ((await this.definitions.deploymentsFound(ctx.tenantId, unique)) !== unique.length) {
      throw notFound();
    }
    const running = await this.definitions.runningInDeployments(ctx.tenantId, unique);
    if (running.length > 0 && !cascade) {
      throw new AppError(400, 'flow.running', { count: running.length });
    }
    for (const instanceId of running) {
      await this.instances.end(ctx.tenantId, instanceId, 'deleted', 'deployment deleted');
    }
    await this.definitions.deleteDeployments(ctx.tenantId, unique);
  }

  /** The caller's tenant, or (platform tenant only) the named live tenants. */
  private async targets(ctx: AuthContext, tenantIds?: string[]): Promise<string[]> {
    const named = [...new Set(tenantIds ?? [])];
    if (named.length === 0 || (named.length === 1 && named[0] === ctx.tenantId)) {
      return [ctx.tenantId];
    }
    if (ctx.tenantId !== DEFAULT_TENANT_ID) {
      throw forbidden();
    }
    await switchScope({ allTenants: true });
    for (const tenantId of named) {
      if (!(await this.tenantIsLive(tenantId))) {
        throw notFound();
      }
    }
    return named;
  }
}
