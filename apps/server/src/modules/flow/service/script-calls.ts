import type { Kdb } from '../../../db/index.ts';
import type { ServiceCipher } from '../../../lib/cipher/service-cipher.ts';
import { AppError, forbidden } from '../../../lib/errors.ts';
import type { Maybe } from '../../../lib/maybe.ts';
import type { AuthContext } from '../../../types.ts';
import type { ScriptService } from './script.service.ts';

/** Who may run any script (the designers); they may call every service too. */
export const RUN_ANY = 'flowService_run';

interface Callable {
  code: string | null;
  roleIds: string;
}

/**
 * Services called by their path (`s/{servicePath}`, and sealed in `s/c`): only an enabled service answers, and
 * only to a caller whose role the service names or who may run any script. The script runs as that caller, so
 * what it reads is what the caller may read. The routes hold no unit of work: the look-up opens a short one, and
 * the script's host calls theirs, so a script that waits for the sandbox or loops holds no database connection.
 */
export class ScriptCalls {
  constructor(
    private readonly db: Kdb,
    private readonly scripts: ScriptService,
    private readonly codes: (ctx: AuthContext) => Maybe<Set<string>>,
    private readonly cipher: ServiceCipher | undefined,
  ) {}

  /** The script's value; a failing script is an error with its message (its logs stay with its author). */
  async call(ctx: AuthContext, path: string, params: Record<string, unknown>): Promise<unknown> {
    const service = await this.find(ctx, path);
    const grantees = service.roleIds.split(',').filter(Boolean);
    if (!grantees.some((r) => ctx.roleIds.includes(r)) && !(await this.codes(ctx)).has(RUN_ANY)) {
      throw forbidden();
    }
    const result = await this.scripts.run(ctx, service.code ?? '', params);
    if (result.ok) {
      return result.value ?? null;
    }
    const data = { limit: result.limit, limits: result.limits };
    if (result.limit === 'time') {
      throw new AppError(400, 'flowService.timeLimit', { ...result.limits }, data);
    }
    throw new AppError(400, 'flowService.failed', { error: result.error ?? '' }, data);
  }

  /**
   * A service a deployed process names (service task): whoever moves the process runs it, without being one of its
   * roles — deploying the model was the decision to run it. It must still be enabled.
   */
  async forProcess(ctx: AuthContext, path: string, params: Record<string, unknown>): Promise<unknown> {
    const service = await this.find(ctx, path);
    const result = await this.scripts.run(ctx, service.code ?? '', params);
    if (!result.ok) {
      throw new Error(`${path}: ${result.error ?? 'failed'}`);
    }
    return result.value ?? null;
  }

  /** `s/c`: `{data}` opens to `{service, params?}`; the answer's value is sealed the same way. */
  async sealed(ctx: AuthContext, payload: string): Promise<string> {
    if (!this.cipher) {
      throw new AppError(404, 'flowService.cipherOff');
    }
    const opened = this.cipher.open(payload);
    const request = opened as { service?: unknown; params?: unknown } | undefined;
    if (
      !request ||
      typeof request !== 'object' ||
      typeof request.service !== 'string' ||
      (request.params !== undefined &&
        (typeof request.params !== 'object' || request.params === null || Array.isArray(request.params)))
    ) {
      throw new AppError(400, 'flowService.cipher');
    }
    const value = await this.call(ctx, request.service, (request.params ?? {}) as Record<string, unknown>);
    return this.cipher.seal(value);
  }

  private async find(ctx: AuthContext, path: string): Promise<Callable> {
    const service: Callable | undefined = await this.scripts.unit(ctx, () =>
      this.db
        .selectFrom('yuan_script_service')
        .select(['code', 'role_ids as roleIds'])
        .where('tenant_id', '=', ctx.tenantId)
        .where('path', '=', path)
        .where('kind', '=', 'service')
        .where('enabled', '=', true)
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
    );
    if (!service) {
      throw new AppError(404, 'flowService.notCallable', { path: path.slice(0, 128) });
    }
    return service;
  }
}
