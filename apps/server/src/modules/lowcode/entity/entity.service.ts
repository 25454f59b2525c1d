import type { Element, EntityForm, Page } from '@yuan/contract';
import type { AuthContext } from '../../../types.ts';
import { AppError, badRequest, FieldError, notFound } from '../../../lib/errors.ts';
import { nextId } from '../../../lib/id.ts';
import { encodeMessage } from '@yuan/contract';
import { adoptedElements } from './adopted-elements.ts';
import { platformTables } from './platform-tables.ts';
import type { DdlService } from './ddl.service.ts';
import type { EntityRepo, EntityRow } from './entity.repo.ts';
import { diffElements } from './element-diff.ts';

/** What a read of an entity returns: the definition, its elements as `dtElements`, and its table's state. */
export type EntityView = Omit<EntityRow, 'synced' | 'elements'> & {
  elements: Element[];
  dtElements: Element[];
  tableName: string;
  /** The definition has changes the table does not have yet. */
  pendingSync: boolean;
  /** Where the table and its synced definition disagree (see driftOf); empty when they agree. */
  drift: string[];
};

/** Entity definitions: save (each save a version), read, list, remove; the table itself is the DDL service's. */
export class EntityService {
  constructor(
    private readonly repo: EntityRepo,
    private readonly ddl: DdlService,
    private readonly lookups: {
      elementDefExists(tenantId: string, defNo: string): Promise<boolean>;
      /** Whether the tenant's business dictionary with this code has items. */
      dictExists(ctx: AuthContext, code: string): Promise<boolean>;
      /** Refuses (not found) a form or grid the caller may not see. */
      designFound(ctx: AuthContext, kind: 'page' | 'grid', id: string): Promise<unknown>;
      /** Saves a form or grid again with a version's values (its own rules and a new version apply). */
      designRestore(
        ctx: AuthContext,
        kind: 'page' | 'grid',
        id: string,
        body: Record<string, unknown>,
      ): Promise<unknown>;
    },
  ) {}

  private async view(row: EntityRow): Promise<EntityView> {
    const { synced, ...rest } = row;
    return {
      ...rest,
      dtElements: row.elements,
      tableName: this.ddl.tableOf(row.id),
      pendingSync: row.syncedVersion !== row.version,
      drift: synced ? await this.ddl.drift(row.id, synced) : [],
    };
  }

  async list(q: {
    current: number;
    size: number;
    entNo?: string;
    entName?: string;
  }): Promise<Page<EntityView>> {
    const { rows, total } = await this.repo.page(q, q.size, (q.current - 1) * q.size);
    const records = await Promise.all(rows.map((r) => this.view(r)));
    return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
  }

  async detail(id: string): Promise<EntityView> {
    const row = await this.repo.find(id);
    if (!row) {
      throw notFound();
    }
    return this.view(row);
  }

  async byNo(entNo: string): Promise<EntityView> {
    const row = await this.repo.findByNo(entNo);
    if (!row) {
      throw notFound();
    }
    return this.view(row);
  }

  async all(): Promise<EntityRow[]> {
    return this.repo.all();
  }

  /** Adds or updates a definition; every save is a new version with a readable diff to the one before. */
  async save(ctx: AuthContext, form: EntityForm): Promise<{ id: string; version: number }> {
    const id = form.id || undefined;
    const existing = id ? await this.repo.find(id) : undefined;
    if (id && !existing) {
      throw notFound();
    }
    const other = await this.repo.findByNo(form.entNo);
    if (other && other.id !== id) {
      throw new FieldError(
        'entNo',
        encodeMessage('form.uniqueValue', { label: 'entity.entNo', value: form.entNo }),
      );
    }
    const elements = await this.elementsOf(ctx, form, existing);
    // A field the body leaves out keeps its stored value: a client that edits only the elements detaches nothing.
    const treeField = (form.treeField === undefined ? existing?.treeField : form.treeField) ?? '';
    if (treeField !== '' && !elements.some((e) => e.eleNo === treeField)) {
      throw badRequest('entity.treeField', { name: treeField });
    }
    const parentEntId = (form.parentEntId === undefined ? existing?.parentEntId : form.parentEntId) || null;
    if (parentEntId && (parentEntId === id || !(await this.repo.find(parentEntId)))) {
      throw badRequest('entity.unknownRef', { name: parentEntId });
    }
    const values = {
      entNo: form.entNo,
      entName: form.entName,
      parentEntId,
      treeField,
      remark: (form.remark === undefined ? existing?.remark : form.remark) ?? '',
      elements,
      userId: ctx.userId,
    };
    let savedId: string;
    let version: number;
    if (existing) {
      if (!(await this.repo.update(existing.id, existing.version, values))) {
        throw new AppError(409, 'entity.changedMeanwhile');
      }
      savedId = existing.id;
      version = existing.version + 1;
    } else {
      savedId = nextId();
      version = 1;
      await this.repo.insert({ ...values, id: savedId, tenantId: ctx.tenantId, deptId: ctx.deptId || null });
    }
    await this.repo.addVersion({
      id: nextId(),
      tenantId: ctx.tenantId,
      kind: 'entity',
      targetId: savedId,
      version,
      body: { ...values, userId: undefined },
      diff: diffElements(existing?.elements ?? [], elements),
      userId: ctx.userId,
    });
    return { id: savedId, version };
  }

  /** Elements as stored: an element keeps its id (a changed code is then a rename), a new one gets one. */
  private async elementsOf(
    ctx: AuthContext,
    form: EntityForm,
    existing: EntityRow | undefined,
  ): Promise<Element[]> {
    const known = new Set((existing?.elements ?? []).map((e) => e.id));
    const out: Element[] = [];
    for (const [index, e] of form.elements.entries()) {
      if (e.defNo && !(await this.lookups.elementDefExists(ctx.tenantId, e.defNo))) {
        throw badRequest('entity.unknownDef', { name: e.defNo });
      }
      if (e.dictCode && !(await this.lookups.dictExists(ctx, e.dictCode))) {
        throw badRequest('entity.unknownDict', { name: e.dictCode });
      }
      if (e.refEntId && e.refEntId !== existing?.id && !(await this.repo.find(e.refEntId))) {
        throw badRequest('entity.unknownRef', { name: e.refEntId });
      }
      out.push({
        id: e.id && known.has(e.id) ? e.id : nextId(),
        eleNo: e.eleNo,
        eleName: e.eleName,
        dataTyp: e.dataTyp,
        verifyJson: e.verifyJson ?? {},
        defNo: e.defNo ?? '',
        dictCode: e.dictCode ?? '',
        refEntId: e.refEntId ?? '',
        unique: e.unique === true,
        sort: e.sort ?? index,
      });
    }
    return out;
  }

  /**
   * Removes definitions. One with a table is removed only with `dropTable` and, when the table holds rows, the row
   * count the caller was shown (`confirmRows`); entities others refer to are refused.
   */
  async remove(
    ctx: AuthContext,
    ids: string[],
    opts: { dropTable?: boolean; confirmRows?: number },
  ): Promise<void> {
    const unique = [...new Set(ids)];
    const rows = await Promise.all(unique.map((id) => this.repo.find(id)));
    if (rows.some((r) => r === undefined)) {
      throw notFound();
    }
    const referrers = await this.repo.referrers(unique);
    if (referrers.length > 0) {
      throw badRequest('entity.referenced', { names: referrers.map((r) => r.entNo).join(',') });
    }
    for (const row of rows as EntityRow[]) {
      await this.ddl.dropTable(row.id, opts);
      await this.repo.remove(row.id, ctx.userId);
      this.ddl.announce(row.id);
    }
  }

  /** The platform's tables (platform tenant only), each with the entity that manages it, if any. */
  databaseTables(ctx: AuthContext) {
    return platformTables(ctx, this.repo, this.ddl);
  }

  /**
   * "Sync from the database": the definition is rewritten from the table's live columns (kept elements keep their
   * ids and names, new columns become fields, missing ones leave), saved as a new version and marked synced — the
   * way to resolve a drift made outside the product, without touching the data.
   */
  async adoptTable(ctx: AuthContext, id: string): Promise<{ id: string; version: number }> {
    await this.repo.lock(id);
    const row = await this.repo.find(id);
    if (!row) {
      throw notFound();
    }
    const live = await this.repo.liveColumns(this.ddl.tableOf(id));
    if (!live) {
      throw badRequest('entity.notSynced');
    }
    const elements = adoptedElements(live, row.synced ?? row.elements);
    const saved = await this.save(ctx, {
      id,
      entNo: row.entNo,
      entName: row.entName,
      parentEntId: row.parentEntId,
      treeField: elements.some((e) => e.eleNo === row.treeField) ? row.treeField : '',
      remark: row.remark,
      elements,
    });
    const updated = await this.repo.find(id);
    await this.repo.markSynced(id, updated?.elements ?? [], saved.version);
    this.ddl.announce(id);
    return saved;
  }

  /**
   * Saves a version's values as the current ones of what it was taken of. `kind` is what the caller holds the edit
   * permission of: a version of another kind is not found.
   */
  async restore(
    ctx: AuthContext,
    versionId: string,
    kind: 'entity' | 'page' | 'grid' = 'entity',
  ): Promise<{ id: string; version?: number }> {
    const saved = await this.repo.version(versionId);
    if (saved && kind !== 'entity' && saved.kind === kind) {
      await this.lookups.designFound(ctx, kind, saved.targetId);
      // The design's own save keeps what the server manages (audit columns, the default mark) as they are.
      await this.lookups.designRestore(ctx, kind, saved.targetId, saved.body as Record<string, unknown>);
      return { id: saved.targetId };
    }
    const current =
      saved?.kind === 'entity' && kind === 'entity' ? await this.repo.find(saved.targetId) : undefined;
    if (!saved || !current) {
      throw notFound();
    }
    const body = saved.body as Omit<EntityForm, 'id'>;
    // The entity code may have been taken by another entity since: the current one is kept then.
    const owner = await this.repo.findByNo(body.entNo);
    const entNo = !owner || owner.id === current.id ? body.entNo : current.entNo;
    return this.save(ctx, { ...body, entNo, id: current.id });
  }

  /** The saved versions of an entity, or of a form or grid (which must be the caller's, as the entity must). */
  async versions(
    ctx: AuthContext,
    targetId: string,
    current: number,
    size: number,
    kind: 'entity' | 'page' | 'grid' = 'entity',
  ) {
    if (kind !== 'entity') {
      await this.lookups.designFound(ctx, kind, targetId);
    } else if (!(await this.repo.find(targetId))) {
      throw notFound();
    }
    const { rows, total } = await this.repo.versions(kind, targetId, size, (current - 1) * size);
    return { records: rows, total, size, current, pages: Math.ceil(total / size) };
  }
}
