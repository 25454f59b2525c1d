import type { Resource } from '@yuan/contract';
import { AppError } from '../errors.ts';
import type { CrudRepo, Row } from './crud.repo.ts';

export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  value: string;
  key: string;
  hasChildren: boolean;
  children: TreeNode[];
}

const parentInvalid = () => new AppError(400, 'error.parentInvalid');

/** Nests flat rows (id, parentId, title) by parent; rows whose parent is absent become roots. */
export function nest(rows: Row[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  for (const r of rows) {
    const id = String(r.id);
    nodes.set(id, {
      id,
      parentId: String(r.parentId),
      title: String(r.title),
      value: id,
      key: id,
      hasChildren: false,
      children: [],
    });
  }
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent && parent !== node) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else {
      roots.push(node);
    }
  }
  return roots;
}

/**
 * The tree rules of a resource: a parent must be a live node of the tenant and not the node itself or one of its
 * descendants; `ancestors` is the comma-joined path from the root ('0,…,parent'). Returns the values to store.
 */
export async function placeInTree(
  res: Resource,
  repo: CrudRepo,
  tenantId: string,
  values: Row,
  id?: string,
): Promise<Row> {
  const parentId = typeof values.parentId === 'string' && values.parentId !== '' ? values.parentId : '0';
  let path = '0';
  if (parentId !== '0') {
    if (parentId === id) {
      throw parentInvalid();
    }
    const parent = await repo.findById(tenantId, parentId);
    if (!parent) {
      throw parentInvalid();
    }
    // Walk up from the parent: meeting the node itself means the move would make a cycle.
    let cursor: Row | undefined = parent;
    for (let depth = 0; cursor && String(cursor.parentId) !== '0' && depth < 100; depth++) {
      if (id && String(cursor.parentId) === id) {
        throw parentInvalid();
      }
      cursor = await repo.findById(tenantId, String(cursor.parentId));
    }
    path = res.tree?.ancestors ? `${String(parent.ancestors ?? '0')},${parentId}` : '';
  }
  const placed: Row = { ...values, parentId };
  if (!res.tree?.ancestors) {
    return placed;
  }
  if (id) {
    const current = await repo.findById(tenantId, id);
    const oldPath = current ? `${String(current.ancestors)},${id}` : '';
    if (current && current.ancestors !== path) {
      await repo.moveDescendants(tenantId, oldPath, `${path},${id}`);
    }
  }
  return { ...placed, ancestors: path };
}

export async function refuseWithChildren(
  repo: CrudRepo,
  tenantId: string,
  ids: string[],
  parentField?: string,
): Promise<void> {
  if ((await repo.childCount(tenantId, ids, parentField)) > 0) {
    throw new AppError(400, 'error.hasChildren');
  }
}
