import type { Page } from '@yuan/contract';
import type { Row } from '../../../lib/crud/crud.repo.ts';
import type { CrudService } from '../../../lib/crud/crud.service.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import type { GuardedHttp } from '../../../lib/sandbox/guarded-http.ts';
import { type RunResult, type Sandbox, SandboxBusyError } from '../../../lib/sandbox/sandbox.ts';
import type { AuthContext } from '../../../types.ts';
import type { InScope } from '../../lowcode/index.ts';

/** How a script reaches its tenant's entities: the entity data service, with its tenancy, RLS and data scopes. */
export interface EntityRows {
  entIdOf(entNo: string): Promise<string | undefined>;
  list(ctx: AuthContext, entId: string, query: Record<string, unknown>): Promise<Page<Row>>;
}

/** What else a script may ask the server: outbound http, the caller's unread notices, a user's name. */
export interface ScriptHost {
  /**
   * Runs `fn` in a unit of work of the caller's tenant: the one open (a process step runs its scripts inside its
   * own), else a short one of its own. A script called by a route holds no connection while it waits or loops.
   */
  unit: InScope;
  /** Whether the caller is inside a unit of work (then a run waits for its host calls before it answers). */
  inUnit(): boolean;
  http: GuardedHttp;
  unreadNotices(ctx: AuthContext): Promise<number>;
  /** The name of the caller's tenant's user with this account, or null. */
  userName(ctx: AuthContext, account: string): Promise<string | null>;
}

/** Rows a script reads at most per query. */
const MAX_ROWS = 200;

/**
 * Too many scripts at once (the tenant's share of the sandbox is taken and its queue full, or none started in time):
 * 429 in the envelope. Its message is readable where no envelope carries it, e.g. a process step's failure.
 */
export class ScriptsBusy extends AppError {
  constructor() {
    super(429, 'flowService.busy');
    this.message = 'too many scripts are running; try again shortly';
  }
}

/**
 * Runs a tenant's script in the sandbox as its caller: `params` are the call's, `user` the caller's account, and
 * `db.query(entNo, filters?)` reads the caller's tenant's rows of an entity (the entity's own search rules apply).
 */
export class ScriptService {
  constructor(
    private readonly sandbox: Sandbox,
    private readonly entities: EntityRows,
    private readonly tree: CrudService,
    private readonly host: ScriptHost,
  ) {}

  /** Runs `fn` in the caller's unit of work, opening a short one when none is open (see `ScriptHost.unit`). */
  unit<T>(ctx: AuthContext, fn: () => Promise<T>): Promise<T> {
    return this.host.unit(ctx, fn);
  }

  /** A saved service's code; a module has none to run. */
  async codeOf(ctx: AuthContext, id: string): Promise<string> {
    const row = await this.unit(ctx, () => this.tree.detail(ctx, id));
    if (row.kind !== 'service') {
      throw badRequest('error.validation', { field: 'id', detail: 'not a service' });
    }
    return String(row.code ?? '');
  }

  /** Switches a service on or off: only an enabled one answers calls by its path. */
  async setEnabled(ctx: AuthContext, id: string, enabled: boolean): Promise<Row> {
    await this.codeOf(ctx, id);
    return this.change(ctx, id, { enabled });
  }

  /** A module's children; a module that is not the caller's is not found (its children would be none anyway). */
  async children(ctx: AuthContext, id: string): Promise<Row[]> {
    if (id !== '0') {
      await this.tree.detail(ctx, id);
    }
    return this.tree.children(ctx, id);
  }

  /** Under another module or at the top ('0'); never under itself or its own descendants. */
  move(ctx: AuthContext, id: string, parentId: string): Promise<Row> {
    return this.change(ctx, id, { parentId });
  }

  /** A service's code replaced (e.g. generated from its Blockly workspace); unchanged when `code` is absent. */
  async saveCode(ctx: AuthContext, id: string, code: string | undefined): Promise<Row> {
    await this.codeOf(ctx, id);
    return code === undefined ? this.tree.detail(ctx, id) : this.change(ctx, id, { code });
  }

  rename(ctx: AuthContext, id: string, name: string): Promise<Row> {
    return this.change(ctx, id, { name });
  }

  /** A save is of the whole row (a missing parent means the top): the row as it is, with the change. */
  private async change(ctx: AuthContext, id: string, values: Row): Promise<Row> {
    return this.tree.submit(ctx, { ...(await this.tree.detail(ctx, id)), ...values });
  }

  /** The run's outcome (a failing script is an outcome too); a run the sandbox has no room for is `ScriptsBusy`. */
  run(ctx: AuthContext, code: string, params: Record<string, unknown>): Promise<RunResult> {
    const running = this.sandbox.run({
      tenant: ctx.tenantId,
      // A host call left running at the wall limit must be done with the caller's connection before it goes on.
      settleHost: this.host.inUnit(),
      code,
      params,
      user: { userId: ctx.userId, account: ctx.account, tenantId: ctx.tenantId, roles: ctx.roleNames },
      // Each host call that reads the database does so in its own short unit (or the caller's, when one is open).
      host: {
        'db.query': async (entNo, filters) => {
          if (
            typeof entNo !== 'string' ||
            (filters !== undefined && (typeof filters !== 'object' || !filters))
          ) {
            throw new Error('db.query(entNo, filters?) takes an entity code and an object of filters');
          }
          return this.unit(ctx, async () => {
            const entId = await this.entities.entIdOf(entNo);
            if (!entId) {
              throw new Error(`unknown entity: ${entNo}`);
            }
            const query = { ...(filters as Record<string, unknown>), current: 1, size: MAX_ROWS };
            try {
              return (await this.entities.list(ctx, entId, query)).records;
            } catch (error) {
              throw new Error(error instanceof Error ? error.message : String(error));
            }
          });
        },
        'http.fetch': async (url, options) =>
          this.host.http.fetch(String(url), (options ?? {}) as Parameters<GuardedHttp['fetch']>[1]),
        'notice.unread': () => this.unit(ctx, () => this.host.unreadNotices(ctx)),
        'users.nameOf': async (account) => {
          if (typeof account !== 'string' || account === '' || account.length > 64) {
            throw new Error('users.nameOf(account) takes an account');
          }
          return this.unit(ctx, () => this.host.userName(ctx, account));
        },
      },
    });
    return running.catch((error: unknown) => {
      throw error instanceof SandboxBusyError ? new ScriptsBusy() : error;
    });
  }

  /** Refuses code no script could be (empty); the sandbox refuses the rest when it runs. */
  static check(code: string): void {
    if (code.trim() === '') {
      throw badRequest('error.validation', { field: 'code', detail: 'empty' });
    }
  }
}
