import {
  SCRIPT_EXPORT_FORMAT,
  type ScriptExportNode,
  type ScriptModuleFile,
  scriptModuleFile,
} from '@yuan/contract';
import type { Row } from '../../../lib/crud/crud.repo.ts';
import type { CrudService } from '../../../lib/crud/crud.service.ts';
import { AppError } from '../../../lib/errors.ts';
import type { AuthContext } from '../../../types.ts';

/** A node of the service tree as the screen shows it: the row's list fields and its children. */
export type ScriptNode = Row & { id: string; title: string; key: string; children: ScriptNode[] };

/** The most nodes a tenant's tree, a copy or an import may hold. */
const MAX_NODES = 5_000;
const MAX_DEPTH = 16;

const byOrder = (a: Row, b: Row) =>
  Number(a.sort ?? 0) - Number(b.sort ?? 0) ||
  String(a.name).localeCompare(String(b.name)) ||
  String(a.id).padStart(20, '0').localeCompare(String(b.id).padStart(20, '0'));

/**
 * The tree work of flow services: the whole tree with each node's kind, path and state; copying a subtree; a module
 * as a file and back. Every write goes through the resource's own submit, so its rules (unique paths, a parent that
 * is a module) hold for copies and imports too, and the call's unit of work makes a failure leave nothing behind.
 */
export class ScriptTree {
  constructor(private readonly tree: CrudService) {}

  async list(ctx: AuthContext): Promise<ScriptNode[]> {
    const nodes = new Map<string, ScriptNode>();
    for await (const batch of this.tree.scan(ctx, {})) {
      for (const row of batch) {
        const id = String(row.id);
        nodes.set(id, { ...row, id, title: String(row.name), key: id, children: [] });
      }
    }
    const roots: ScriptNode[] = [];
    for (const node of nodes.values()) {
      const parent = nodes.get(String(node.parentId));
      (parent && parent !== node ? parent.children : roots).push(node);
    }
    const order = (list: ScriptNode[]) => {
      list.sort(byOrder);
      for (const n of list) {
        order(n.children);
      }
    };
    order(roots);
    return roots;
  }

  /** A copy of a service or a whole module under `parentId` (the original's parent by default), switched off. */
  async copy(ctx: AuthContext, id: string, parentId?: string): Promise<Row> {
    const source = await this.read(ctx, id);
    const taken = await this.paths(ctx);
    const freePath = (path: string) => {
      for (let n = 1; ; n++) {
        const candidate = `${path}_copy${n === 1 ? '' : n}`.slice(0, 128);
        if (!taken.has(candidate)) {
          taken.add(candidate);
          return candidate;
        }
      }
    };
    const renamed = (node: ScriptExportNode): ScriptExportNode => ({
      ...node,
      path: node.path ? freePath(node.path) : node.path,
      children: node.children?.map(renamed),
    });
    return this.write(ctx, renamed(source), parentId ?? String((await this.tree.detail(ctx, id)).parentId));
  }

  async exportModule(ctx: AuthContext, id: string): Promise<ScriptModuleFile> {
    return {
      format: SCRIPT_EXPORT_FORMAT,
      version: 1,
      exportedAt: new Date().toISOString(),
      root: await this.read(ctx, id),
    };
  }

  /**
   * Imports a file under `parentId`: checked whole first (its shape, and no path the tenant or the file already
   * has), then written. Imported services keep their enabled state off until someone switches them on.
   */
  async importModule(
    ctx: AuthContext,
    parentId: string,
    text: string,
  ): Promise<{ imported: number; id: string }> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError(400, 'flowService.importFile', { detail: 'not JSON' });
    }
    const parsed = scriptModuleFile.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError(400, 'flowService.importFile', {
        detail: `${issue?.path.join('.') || 'file'}: ${issue?.message ?? ''}`,
      });
    }
    const taken = await this.paths(ctx);
    const conflicts = new Set<string>();
    let count = 0;
    const check = (node: ScriptExportNode, depth: number) => {
      count++;
      if (depth > MAX_DEPTH || count > MAX_NODES) {
        throw new AppError(400, 'flowService.importFile', { detail: 'too many nodes or levels' });
      }
      if (node.kind === 'service' && node.path) {
        if (taken.has(node.path)) {
          conflicts.add(node.path);
        }
        taken.add(node.path);
      }
      for (const child of node.children ?? []) {
        check(child, depth + 1);
      }
    };
    check(parsed.data.root, 1);
    if (conflicts.size > 0) {
      throw new AppError(400, 'flowService.importConflict', { paths: [...conflicts].join(', ') }, [
        ...conflicts,
      ]);
    }
    const root = await this.write(ctx, parsed.data.root, parentId);
    return { imported: count, id: String(root.id) };
  }

  /** A node and everything under it, as the export file holds it. */
  private async read(ctx: AuthContext, id: string, depth = 1): Promise<ScriptExportNode> {
    const row = await this.tree.detail(ctx, id);
    const node: ScriptExportNode = {
      name: String(row.name),
      kind: row.kind === 'module' ? 'module' : 'service',
    };
    if (node.kind === 'service') {
      Object.assign(node, {
        path: row.path,
        code: row.code ?? '',
        language: 'js',
        ...(row.paramsSchema == null ? {} : { paramsSchema: row.paramsSchema }),
      });
    } else if (depth <= MAX_DEPTH) {
      const children = (await this.tree.children(ctx, id)).sort(byOrder);
      node.children = [];
      for (const child of children) {
        node.children.push(await this.read(ctx, String(child.id), depth + 1));
      }
    }
    if (row.sort != null) {
      node.sort = Number(row.sort);
    }
    return node;
  }

  private async write(ctx: AuthContext, node: ScriptExportNode, parentId: string): Promise<Row> {
    const { children, ...values } = node;
    const saved = await this.tree.submit(ctx, {
      ...values,
      parentId,
      ...(node.kind === 'service' ? { enabled: false } : {}),
    });
    for (const child of children ?? []) {
      await this.write(ctx, child, String(saved.id));
    }
    return saved;
  }

  private async paths(ctx: AuthContext): Promise<Set<string>> {
    const paths = new Set<string>();
    for await (const batch of this.tree.scan(ctx, {})) {
      for (const row of batch) {
        if (typeof row.path === 'string' && row.path !== '') {
          paths.add(row.path);
        }
      }
    }
    return paths;
  }
}
