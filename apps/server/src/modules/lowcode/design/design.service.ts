import type { PageQuery, Resource } from '@yuan/contract';
import { formJsonSchema } from '@yuan/contract/lowcode/form-json';
import { gridJsonSchema } from '@yuan/contract/lowcode/grid-json';
import { tableOf } from '../../../db/dynamic.ts';
import type { Kdb } from '../../../db/index.ts';
import type { Row } from '../../../lib/crud/crud.repo.ts';
import type { CrudRepo } from '../../../lib/crud/crud.repo.ts';
import type { CrudService, ResourceRules } from '../../../lib/crud/crud.service.ts';
import { badRequest, FieldError, notFound } from '../../../lib/errors.ts';
import { nextId } from '../../../lib/id.ts';
import type { AuthContext } from '../../../types.ts';
import type { EntityRepo } from '../entity/entity.repo.ts';

export type DesignKind = 'page' | 'grid';

/** A form's or grid's JSON is stored only in the shape the renderer and the grid screen read (SPEC §3, grid-json). */
function checkDesignJson(kind: DesignKind, values: Row): void {
  const field = kind === 'page' ? 'formJson' : 'gridJson';
  const value = values[field];
  if (value === undefined || value === null || value === '') {
    return;
  }
  const schema = kind === 'page' ? formJsonSchema : gridJsonSchema;
  const parsed = schema.safeParse(value);
  const issue = parsed.error?.issues[0];
  if (!issue) {
    return;
  }
  // Every refusal names where it is: fields nest (groups, sub-forms, rules), and a rule's text does not say which.
  const path = [field, ...issue.path].join('.');
  if (issue.message.startsWith('@')) {
    throw new FieldError(field, issue.message, path);
  }
  throw badRequest('error.validation', { field: path, detail: issue.message });
}

/** What a saved form or grid must reference, and the version every save leaves behind. */
export function designRules(kind: DesignKind, entities: EntityRepo): ResourceRules {
  return {
    async prepare(_ctx, values) {
      // Whether a design is its entity's default is said by the `default` call alone.
      const { isDefault: _ignored, ...rest } = values;
      if (rest.entId !== undefined && !(await entities.find(String(rest.entId)))) {
        throw badRequest('entity.unknownRef', { name: String(rest.entId) });
      }
      checkDesignJson(kind, rest);
      return rest;
    },
    async afterSave(ctx, row) {
      const last = (await entities.versions(kind, String(row.id), 1, 0)).rows[0];
      const before = (last?.body ?? {}) as Row;
      const keys = Object.keys(row).filter(
        (k) =>
          !['updateTime', 'updateUser'].includes(k) && JSON.stringify(before[k]) !== JSON.stringify(row[k]),
      );
      await entities.addVersion({
        id: nextId(),
        tenantId: ctx.tenantId,
        kind,
        targetId: String(row.id),
        version: (last?.version ?? 0) + 1,
        body: row,
        diff: last ? [{ op: 'change', keys }] : [{ op: 'add' }],
        userId: ctx.userId,
      });
      return row;
    },
  };
}

/** Designed forms and grids: the generic CRUD plus copy, default and the code check of the origin's calls. */
export class DesignService {
  readonly no: string;

  constructor(
    readonly kind: DesignKind,
    readonly res: Resource,
    readonly crud: CrudService,
    private readonly repo: CrudRepo,
    private readonly db: Kdb,
    private readonly entities: EntityRepo,
  ) {
    this.no = `${kind}No`;
  }

  /** The designs of the tenant; those of one entity when it is named (an entity that is not the tenant's is absent). */
  async list(ctx: AuthContext, query: Record<string, unknown> & PageQuery) {
    if (query.entId !== undefined && !(await this.entities.find(String(query.entId)))) {
      throw notFound();
    }
    return this.crud.list(ctx, query);
  }

  /** Whether another live design of the tenant has this code (`id`: the design being edited, which must exist). */
  async exists(ctx: AuthContext, no: string, id?: string): Promise<boolean> {
    if (id) {
      await this.crud.detail(ctx, id);
    }
    return this.repo.taken(ctx.tenantId, this.no, no, id);
  }

  /** A copy under the first free code `<code>_copy`, `<code>_copy2`, …; it is never the default. */
  async copy(ctx: AuthContext, id: string): Promise<Row> {
    const source = await this.crud.detail(ctx, id);
    const base = `${String(source[this.no]).slice(0, 58)}_copy`;
    let no = base;
    for (let n = 2; await this.exists(ctx, no); n++) {
      no = `${base}${n}`;
    }
    const { id: _id, isDefault: _default, ...rest } = source;
    return this.crud.submit(ctx, { ...rest, [this.no]: no });
  }

  /** Makes the design its entity's default; the entity's other designs of this kind stop being it. */
  async makeDefault(ctx: AuthContext, id: string): Promise<void> {
    const row = await this.crud.detail(ctx, id);
    await this.db
      .updateTable(tableOf(this.res, ['yuan_dt_page', 'yuan_dt_grid'] as const))
      .set((eb) => ({ is_default: eb('id', '=', id).$castTo<boolean>() }))
      .where('tenant_id', '=', ctx.tenantId)
      .where('ent_id', '=', String(row.entId))
      .where('is_deleted', '=', 0)
      .execute();
    this.crud.writtenElsewhere(ctx);
  }
}
