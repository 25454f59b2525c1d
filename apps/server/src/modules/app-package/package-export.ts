import {
  APP_PACKAGE_KIND,
  APP_PACKAGE_MAX_ROWS,
  APP_PACKAGE_VERSION,
  APP_PART_KINDS,
  type AppPackageContent,
  type AppPackageFile,
  type AppPartKind,
  type AppPartRow,
} from '@yuan/contract';
import type { Restorers } from '../../lib/crud/restorers.ts';
import type { AuthContext } from '../../types.ts';
import type { EntityDataService, EntityService } from '../lowcode/index.ts';
import { checksumOf } from './package-file.ts';
import type { Candidate, PackageRepo } from './package.repo.ts';
import { carried, PART_SPECS } from './parts.ts';

/** Whether a text names one of these tokens (an id between non-digits, or a code in quotes). */
const names = (text: string, ids: string[], codes: string[]) =>
  ids.some((id) => new RegExp(`(?<![0-9])${id}(?![0-9])`).test(text)) ||
  codes.some((c) => text.includes(`'${c}'`) || text.includes(`"${c}"`));

/**
 * Gathers an application: the chosen entities, the element definitions their fields use, their forms, grids and
 * triggers, the flow services (with their modules) and process models that name them, the reports that read their
 * tables, the mind maps that name them, and the menu rows that open them; with `withData`, their rows.
 */
export class PackageExport {
  constructor(
    private readonly repo: PackageRepo,
    private readonly restorers: Restorers,
    private readonly entities: EntityService,
    private readonly entityData: EntityDataService,
  ) {}

  async build(ctx: AuthContext, entIds: string[], withData: boolean): Promise<AppPackageFile> {
    const parts = Object.fromEntries(APP_PART_KINDS.map((k) => [k, [] as AppPartRow[]])) as Record<
      AppPartKind,
      AppPartRow[]
    >;
    const entities = [];
    for (const id of [...new Set(entIds)]) {
      // Another tenant's entity is not found: the whole export is refused.
      entities.push(await this.entities.detail(id));
    }
    parts.entity = entities.map((e) =>
      carried(PART_SPECS.entity, {
        id: e.id,
        entNo: e.entNo,
        entName: e.entName,
        parentEntId: e.parentEntId,
        treeField: e.treeField,
        remark: e.remark,
        elements: e.elements,
      }),
    );
    const defNos = [...new Set(entities.flatMap((e) => e.elements.map((el) => el.defNo).filter(Boolean)))];
    const ids = entities.map((e) => e.id);
    const codes = entities.map((e) => e.entNo);
    parts.elementDef = await this.rows(
      ctx,
      'elementDef',
      defNos.length ? await this.repo.eleDefIds(defNos) : [],
    );
    parts.form = await this.rows(ctx, 'form', await this.repo.designIds('yuan_dt_page', ids));
    parts.grid = await this.rows(ctx, 'grid', await this.repo.designIds('yuan_dt_grid', ids));
    const triggers = await this.repo.triggers(ids.map((id) => `ent_${id}`));
    parts.trigger = triggers.map((t) => carried(PART_SPECS.trigger, { ...t, action: stripSecret(t.action) }));

    const designIds = [...parts.form, ...parts.grid].map((r) => String(r.id));
    const serviceIds = new Set(
      triggers.flatMap((t) => (actionOf(t.action).serviceId ? [actionOf(t.action).serviceId as string] : [])),
    );
    const processKeys = new Set(
      triggers.flatMap((t) =>
        actionOf(t.action).processKey ? [actionOf(t.action).processKey as string] : [],
      ),
    );
    const services = await this.repo.services();
    for (const s of services) {
      if (s.kind === 'service' && names(s.text, [...ids, ...designIds], codes)) {
        serviceIds.add(s.id);
      }
    }
    const models = (await this.repo.models()).filter(
      (m) =>
        processKeys.has(m.key) ||
        names(m.text, [...ids, ...designIds, ...serviceIds], [...codes, ...pathsOf(services, serviceIds)]),
    );
    // A model's service tasks name their services by path: those come too.
    for (const s of services) {
      if (s.kind === 'service' && s.path && models.some((m) => names(m.text, [], [s.path ?? '']))) {
        serviceIds.add(s.id);
      }
    }
    parts.service = await this.rows(ctx, 'service', withModules(services, serviceIds));
    parts.model = await this.rows(ctx, 'model', models);
    // A report's SQL names entities by their code, as tables.
    parts.report = await this.rows(
      ctx,
      'report',
      (await this.repo.reports()).filter((r) => readsAny(r.text, codes)),
    );
    parts.mindmap = await this.rows(
      ctx,
      'mindmap',
      matching(await this.repo.mindmaps(), [...ids, ...designIds]),
    );
    const menus = await this.repo.menus([...ids, ...designIds, ...parts.report.map((r) => String(r.id))]);
    parts.menu = menus.map((m) =>
      carried(PART_SPECS.menu, {
        id: m.id,
        parentId: m.parent_id,
        path: m.path,
        name: m.name,
        nameEn: m.name_en,
        code: m.code,
        source: m.source,
        sort: m.sort,
        category: m.category,
        hidden: m.hidden,
      }),
    );
    const content: AppPackageContent = { parts };
    if (withData) {
      content.data = {};
      for (const id of ids) {
        content.data[id] = await this.dataOf(ctx, id);
      }
    }
    return {
      kind: APP_PACKAGE_KIND,
      version: APP_PACKAGE_VERSION,
      exportedAt: new Date().toISOString(),
      source: { tenantId: ctx.tenantId },
      content,
      checksum: checksumOf(content),
    };
  }

  /** Rows as their owner reads them (its read rules apply), without what a package does not carry. */
  private async rows(ctx: AuthContext, kind: AppPartKind, found: { id: string }[]): Promise<AppPartRow[]> {
    const spec = PART_SPECS[kind];
    const restorer = this.restorers.of(spec.code ?? '');
    if (!restorer) {
      return [];
    }
    const out: AppPartRow[] = [];
    for (const { id } of found) {
      out.push(carried(spec, await restorer.detail(ctx, id)));
    }
    return out;
  }

  private async dataOf(ctx: AuthContext, entId: string): Promise<AppPartRow[]> {
    const rows: AppPartRow[] = [];
    for await (const batch of this.entityData.scan(ctx, entId, {})) {
      for (const row of batch) {
        if (rows.length >= APP_PACKAGE_MAX_ROWS) {
          return rows;
        }
        rows.push(carried(PART_SPECS.entity, row));
      }
    }
    return rows;
  }
}

type Action = { kind?: string; serviceId?: string; processKey?: string; secret?: string };
const actionOf = (a: unknown): Action => (a && typeof a === 'object' ? (a as Action) : {});
/** A webhook's secret never leaves the server: the importer gives the trigger a new one. */
const stripSecret = (a: unknown) => {
  const { secret: _secret, ...rest } = actionOf(a);
  return rest;
};

const matching = (candidates: Candidate[], ids: string[]) => candidates.filter((c) => names(c.text, ids, []));

/** Whether SQL names one of these codes as an identifier (a table the SQL editor resolves to an entity). */
const readsAny = (text: string, codes: string[]) =>
  codes.some((c) => new RegExp(`(?<![A-Za-z0-9_"])"?${c}"?(?![A-Za-z0-9_"])`, 'i').test(text));

const pathsOf = (services: { id: string; path: string | null }[], ids: Set<string>) =>
  services.filter((s) => ids.has(s.id) && s.path).map((s) => s.path as string);

/** The services and every module above them, parents first. */
function withModules(services: { id: string; parent_id: string }[], chosen: Set<string>): { id: string }[] {
  const byId = new Map(services.map((s) => [s.id, s]));
  const all = new Set<string>();
  for (const id of chosen) {
    let at = byId.get(id);
    while (at && !all.has(at.id)) {
      all.add(at.id);
      at = byId.get(String(at.parent_id));
    }
  }
  const depth = (id: string): number => {
    const parent = byId.get(String(byId.get(id)?.parent_id));
    return parent ? 1 + depth(parent.id) : 0;
  };
  return [...all].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : 1)).map((id) => ({ id }));
}
