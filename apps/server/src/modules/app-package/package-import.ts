import {
  type AppPackageFile,
  type AppPackagePreview,
  type AppPartKind,
  type AppPartRow,
  type AppPreviewItem,
  DEFAULT_TENANT_ID,
  encodeMessage,
  entityForm,
  type Language,
} from '@yuan/contract';
import { parseOrRefuse } from '../../lib/crud/parse-or-refuse.ts';
import type { Restorers } from '../../lib/crud/restorers.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import { failureOf } from '../../plugins/envelope.ts';
import type { AuthContext } from '../../types.ts';
import type { DdlService, EntityDataService, EntityService } from '../lowcode/index.ts';
import { canonicalJson } from './package-file.ts';
import type { PackageRepo } from './package.repo.ts';
import { carried, PART_SPECS, remapIds } from './parts.ts';

/** What an import did, or (dry run) would do. */
export type ImportOutcome = Omit<AppPackagePreview, 'confirmToken'> & {
  counts: { created: number; updated: number; unchanged: number; rows: number };
};

export interface ImportDeps {
  repo: PackageRepo;
  restorers: Restorers;
  entities: EntityService;
  ddl: DdlService;
  entityData: EntityDataService;
  /** Makes a form or grid its entity's default (the designs' own call). */
  makeDefault(ctx: AuthContext, kind: 'page' | 'grid', id: string): Promise<void>;
  saveTrigger(ctx: AuthContext, body: Record<string, unknown>): Promise<{ id: string }>;
}

const ORDER: AppPartKind[] = [
  'elementDef',
  'entity',
  'service',
  'model',
  'form',
  'grid',
  'report',
  'mindmap',
  'trigger',
  'menu',
];
const ID = /^[0-9]{1,19}$/;

/**
 * Writes a package's parts in the caller's tenant through each part's owner (its form, rules, revisions and, for
 * entities, the DDL service), in an order that lets each find what it names; a source id becomes the target's
 * everywhere it is written. A part whose natural key exists is updated in place (or left when equal). Runs inside
 * the caller's unit: the first refusal names its part and the unit takes nothing.
 */
export class PackageImport {
  private readonly ids = new Map<string, string>();
  private readonly items: AppPreviewItem[] = [];
  private readonly ddlSteps: string[] = [];
  private readonly conflicts: AppPackagePreview['conflicts'] = [];
  private rows = 0;

  /** `preview`: every refused part is noted and its writes rolled back, and the run goes on to find the others. */
  constructor(
    private readonly deps: ImportDeps,
    private readonly ctx: AuthContext,
    private readonly lang: Language,
    private readonly preview = false,
  ) {}

  async run(file: AppPackageFile): Promise<ImportOutcome> {
    const { parts, data } = file.content;
    for (const kind of ORDER) {
      const rows = kind === 'entity' ? byParents(parts.entity ?? []) : (parts[kind] ?? []);
      for (const row of rows) {
        await this.named(kind, row, () => this.part(kind, row));
      }
    }
    for (const [entId, rows] of Object.entries(data ?? {})) {
      const target = this.ids.get(entId);
      if (!target || !Array.isArray(rows)) {
        continue;
      }
      for (const row of rows) {
        await this.named('entity', { name: `${entId}#${String(row.id ?? '')}` }, async () => {
          const { id, ...values } = remapIds(row, this.ids);
          const saved = await this.deps.entityData.save(this.ctx, target, values);
          this.learn(id, saved.id);
          this.rows += 1;
        });
      }
    }
    const count = (a: AppPreviewItem['action']) => this.items.filter((i) => i.action === a).length;
    return {
      items: this.items,
      ddl: this.ddlSteps,
      conflicts: this.conflicts,
      rows: this.rows,
      counts: {
        created: count('create'),
        updated: count('update'),
        unchanged: count('unchanged'),
        rows: this.rows,
      },
    };
  }

  /** Runs one part's write; a refusal names the part: the import's end, or (preview) one conflict more. */
  private async named(kind: AppPartKind, row: AppPartRow, write: () => Promise<void>): Promise<void> {
    if (this.preview) {
      await this.deps.repo.savepoint();
    }
    try {
      await write();
      if (this.preview) {
        await this.deps.repo.releaseSavepoint();
      }
    } catch (error) {
      const reason = String((failureOf(error, this.lang).body as { msg?: string }).msg ?? '');
      const name = PART_SPECS[kind].name(row) || String(row.name ?? '');
      if (!this.preview) {
        throw new AppError(400, 'appPackage.conflict', { name, reason });
      }
      await this.deps.repo.rollbackToSavepoint();
      await this.deps.repo.releaseSavepoint();
      this.conflicts.push({ kind, name, reason });
    }
  }

  private learn(source: unknown, target: string): void {
    if (typeof source === 'string' && ID.test(source)) {
      this.ids.set(source, target);
    }
  }

  private async part(kind: AppPartKind, row: AppPartRow): Promise<void> {
    const spec = PART_SPECS[kind];
    const key = spec.key(row);
    const item = (action: AppPreviewItem['action']) =>
      this.items.push({ kind, key, name: spec.name(row), action });
    if (kind === 'menu') {
      // Menus are the platform's, shared by every tenant: only the platform tenant brings them in.
      if (this.ctx.tenantId !== DEFAULT_TENANT_ID) {
        item('skip');
        return;
      }
    }
    if (kind === 'entity') {
      return this.entity(row, item);
    }
    if (kind === 'trigger') {
      return this.trigger(row, item);
    }
    const restorer = this.deps.restorers.of(spec.code ?? '');
    if (!restorer) {
      throw new AppError(400, 'appPackage.notPackage');
    }
    const existing = await this.existing(kind, row);
    const { id: source, isDefault, ...fields } = remapIds(row, this.ids);
    if (kind === 'service' && !this.ids.has(String(row.parentId))) {
      // A module outside the package: the service goes to the top of the tree.
      fields.parentId = '0';
    }
    if (existing) {
      const current = carried(spec, await restorer.detail(this.ctx, existing));
      if ((kind === 'form' || kind === 'grid') && String(current.entId) !== String(fields.entId)) {
        // The code is another entity's form or grid here: taking it over would move it away from its entity.
        const res = await restorer.resource(this.ctx);
        const field = kind === 'form' ? 'pageNo' : 'gridNo';
        throw new FieldError(
          field,
          encodeMessage('form.uniqueValue', { label: res.labels[field] ?? field, value: key }),
        );
      }
      const same = Object.keys(fields).every((k) => canonicalJson(fields[k]) === canonicalJson(current[k]));
      if (!same) {
        await restorer.save(this.ctx, { ...current, ...fields, id: existing }, Object.keys(fields));
      }
      item(same ? 'unchanged' : 'update');
      this.learn(source, existing);
    } else {
      const saved = (await restorer.save(this.ctx, fields, Object.keys(fields))) as { id?: unknown };
      item('create');
      this.learn(source, String(saved.id));
    }
    if (isDefault === true && (kind === 'form' || kind === 'grid')) {
      await this.deps.makeDefault(
        this.ctx,
        kind === 'form' ? 'page' : 'grid',
        this.ids.get(String(source)) ?? '',
      );
    }
  }

  private async existing(kind: AppPartKind, row: AppPartRow): Promise<string | undefined> {
    const spec = PART_SPECS[kind];
    if (kind === 'service' && !row.path) {
      return this.deps.repo.idByKey(spec.table, 'name', String(row.name ?? ''), ['kind', 'module']);
    }
    return this.deps.repo.idByKey(spec.table, spec.keyColumn, spec.key(row));
  }

  private async entity(row: AppPartRow, item: (a: AppPreviewItem['action']) => void): Promise<void> {
    const existing = await this.existing('entity', row);
    const { id: source, ...fields } = remapIds(row, this.ids);
    const form = parseOrRefuse(entityForm, { ...fields, id: existing }) as Parameters<
      EntityService['save']
    >[1];
    let target = existing;
    if (existing) {
      const current = await this.deps.entities.detail(existing);
      const same =
        canonicalJson(stripIds(current.elements)) === canonicalJson(stripIds(form.elements)) &&
        current.entName === form.entName &&
        (current.treeField ?? '') === (form.treeField ?? '');
      if (!same) {
        await this.deps.entities.save(this.ctx, form);
      }
      item(same ? 'unchanged' : 'update');
    } else {
      target = (await this.deps.entities.save(this.ctx, form)).id;
      item('create');
    }
    this.learn(source, target ?? '');
    const sync = await this.deps.ddl.sync(target ?? '', { apply: true });
    this.ddlSteps.push(...sync.steps.map((s) => s.sql));
  }

  private async trigger(row: AppPartRow, item: (a: AppPreviewItem['action']) => void): Promise<void> {
    const { id: source, ...fields } = remapIds(row, this.ids);
    const resource = String(fields.resource ?? '');
    const existing = await this.deps.repo.idByKey('yuan_trigger', 'name', String(fields.name ?? ''), [
      'resource',
      resource,
    ]);
    const action = (fields.action ?? {}) as Record<string, unknown>;
    const webhook = action.kind === 'webhook';
    const entId = /^ent_([0-9]{1,19})$/.exec(resource)?.[1];
    const body = {
      ...(existing ? { id: existing } : {}),
      name: fields.name,
      ...(entId ? { entId } : { resource }),
      events: fields.events,
      fields: fields.fields,
      condition: fields.condition,
      // A webhook's secret stays with its source: here it starts disabled with a new one, to be set by hand.
      action: webhook ? { ...action, secret: crypto.randomUUID() } : action,
      enabled: webhook ? false : fields.enabled,
    };
    const saved = await this.deps.saveTrigger(this.ctx, body);
    item(existing ? 'update' : 'create');
    this.learn(source, saved.id);
  }
}

const stripIds = (elements: unknown[]) =>
  elements.map((e) => {
    const { id: _id, sort: _sort, ...rest } = e as Record<string, unknown>;
    return rest;
  });

/** Entities whose parent is in the package come after it. */
function byParents(rows: AppPartRow[]): AppPartRow[] {
  const out: AppPartRow[] = [];
  const placed = new Set<string>();
  const ids = new Set(rows.map((r) => String(r.id)));
  let rest = rows;
  while (rest.length > 0) {
    const ready = rest.filter(
      (r) => !r.parentEntId || !ids.has(String(r.parentEntId)) || placed.has(String(r.parentEntId)),
    );
    const next = ready.length > 0 ? ready : rest;
    for (const r of next) {
      out.push(r);
      placed.add(String(r.id));
    }
    rest = rest.filter((r) => !next.includes(r));
  }
  return out;
}
