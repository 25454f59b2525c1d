import type { RawNode, ServiceKind } from './api.ts';

/** The top of the tree: a row whose parent is '0' hangs at the top. */
export const TOP = '0';

/** One module or service as the tree shows it. */
export interface ServiceNode {
  id: string;
  parentId: string;
  name: string;
  kind: ServiceKind;
  path: string;
  enabled: boolean;
  sort: number;
  children: ServiceNode[];
}

/** The list as the screen's tree; a row that is not a module is a service (it holds code, not rows). */
export function toTree(rows: RawNode[], parentId = TOP): ServiceNode[] {
  return rows.map((raw) => {
    const id = String(raw.id);
    const kind = raw.kind === 'module' ? 'module' : 'service';
    return {
      id,
      parentId: raw.parentId ? String(raw.parentId) : parentId,
      name: String(raw.name ?? raw.title ?? id),
      kind,
      path: raw.path ?? '',
      // A module has no switch of its own; a service is on unless the server says it is off.
      enabled: kind === 'service' ? raw.enabled !== false : true,
      sort: raw.sort ?? 0,
      children: toTree(raw.children ?? [], id),
    };
  });
}

/** Every node, depth first. */
export function flatten(nodes: ServiceNode[]): ServiceNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

export function findNode(nodes: ServiceNode[], id: string | null): ServiceNode | null {
  if (!id) {
    return null;
  }
  return flatten(nodes).find((node) => node.id === id) ?? null;
}

/** Ids of every module (to open the whole tree, e.g. while searching). */
export function moduleIds(nodes: ServiceNode[]): string[] {
  return flatten(nodes)
    .filter((node) => node.kind === 'module')
    .map((node) => node.id);
}

/** Ids of the modules above a node, top first. */
export function ancestorIds(nodes: ServiceNode[], id: string): string[] {
  const chain: string[] = [];
  let current = findNode(nodes, id);
  while (current && current.parentId !== TOP) {
    chain.unshift(current.parentId);
    current = findNode(nodes, current.parentId);
  }
  return chain;
}

/**
 * The nodes whose name or path contains the text (case-insensitive), with the modules that lead to them; a
 * matching module keeps all it holds. An empty text keeps everything.
 */
export function filterTree(nodes: ServiceNode[], text: string): ServiceNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) {
    return nodes;
  }
  const out: ServiceNode[] = [];
  for (const node of nodes) {
    const hit = node.name.toLowerCase().includes(needle) || node.path.toLowerCase().includes(needle);
    if (hit) {
      out.push(node);
      continue;
    }
    const children = filterTree(node.children, needle);
    if (children.length > 0) {
      out.push({ ...node, children });
    }
  }
  return out;
}

/** The next sort number among a parent's children, so a new row comes last. */
export function nextSort(nodes: ServiceNode[], parentId: string): number {
  const siblings = parentId === TOP ? nodes : (findNode(nodes, parentId)?.children ?? []);
  return siblings.reduce((max, node) => Math.max(max, node.sort), 0) + 1;
}

export interface ModuleChoice {
  value: string;
  title: string;
  children: ModuleChoice[];
}

/**
 * The modules a node may move into, as a tree for a picker: never the node itself nor anything inside it (a module
 * cannot hang under its own child).
 */
export function moduleChoices(nodes: ServiceNode[], movingId: string): ModuleChoice[] {
  return nodes
    .filter((node) => node.kind === 'module' && node.id !== movingId)
    .map((node) => ({ value: node.id, title: node.name, children: moduleChoices(node.children, movingId) }));
}
