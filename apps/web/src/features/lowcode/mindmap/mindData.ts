import { type MindmapBind, type MindmapNode, mindmapBind } from '@yuan/contract/lowcode/mindmap';
import type { MindElixirData, NodeObj } from 'mind-elixir';

/** What we keep on a mind-elixir node: its binding (mind-elixir carries `metadata` through edits and copies). */
export interface NodeMeta {
  bind?: MindmapBind;
}

/** The id of the root of a map that has no stored tree yet. */
export const NEW_ROOT_ID = 'root';

/** Labels a binding for the tag shown on its node (the screen's language). */
export type BindLabel = (bind: MindmapBind) => string;

/** Maps deeper than this are cut: a stored tree is data from the server, not trusted to be sane. */
const MAX_DEPTH = 64;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A binding as stored, or undefined when it is absent or not one (an older or hand-edited tree). */
export function readBind(value: unknown): MindmapBind | undefined {
  const parsed = mindmapBind.safeParse(value);
  return parsed.success ? cleanBind(parsed.data) : undefined;
}

/**
 * Only the parts of a binding its kind uses: changing the kind in the panel must not leave, say, an entity on a
 * service node, which would be saved and shown although it means nothing there.
 */
export function cleanBind(bind: MindmapBind): MindmapBind {
  const { kind } = bind;
  if (kind === 'service') {
    return bind.servicePath ? { kind, servicePath: bind.servicePath } : { kind };
  }
  const out: MindmapBind = { kind };
  if (bind.entId) {
    out.entId = bind.entId;
  }
  if ((kind === 'form' || kind === 'subform') && bind.pageId) {
    out.pageId = bind.pageId;
  }
  if ((kind === 'sublist' || kind === 'subform') && bind.refField) {
    out.refField = bind.refField;
  }
  return out;
}

function toNode(value: unknown, label: BindLabel | undefined, depth: number): NodeObj | null {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id === '') {
    return null;
  }
  const bind = readBind(value.bind);
  const node: NodeObj = { id: value.id, topic: typeof value.topic === 'string' ? value.topic : '' };
  if (bind) {
    node.metadata = { bind } satisfies NodeMeta;
    if (label) {
      node.tags = [label(bind)];
    }
  }
  if (Array.isArray(value.children) && depth < MAX_DEPTH) {
    const children = value.children
      .map((child) => toNode(child, label, depth + 1))
      .filter((child): child is NodeObj => child !== null);
    if (children.length > 0) {
      node.children = children;
    }
  }
  return node;
}

/**
 * The stored tree as mind-elixir's data; a map without a (valid) tree starts as one root titled `rootTopic`.
 * `label` puts a tag on each bound node so the binding can be seen on the map.
 */
export function toElixir(stored: unknown, rootTopic: string, label?: BindLabel): MindElixirData {
  const nodeData = toNode(stored, label, 0) ?? { id: NEW_ROOT_ID, topic: rootTopic };
  return { nodeData };
}

/** The binding mind-elixir carries on a node, if any. */
export function bindOf(node: Pick<NodeObj, 'metadata'>): MindmapBind | undefined {
  return isRecord(node.metadata) ? readBind(node.metadata.bind) : undefined;
}

function fromNode(node: NodeObj): MindmapNode {
  const out: MindmapNode = { id: node.id, topic: node.topic };
  const bind = bindOf(node);
  if (bind) {
    out.bind = bind;
  }
  if (node.children && node.children.length > 0) {
    out.children = node.children.map(fromNode);
  }
  return out;
}

/** mind-elixir's data as the stored tree: id, topic, children and binding only (no styles, tags or layout). */
export function fromElixir(data: Pick<MindElixirData, 'nodeData'>): MindmapNode {
  return fromNode(data.nodeData);
}

/**
 * The nearest ancestor bound to an entity: its entity is the one a sub-list's or sub-form's reference field points
 * at, and the row chosen in it is their parent row.
 */
export function boundAncestor(node: Pick<NodeObj, 'parent'>): NodeObj | undefined {
  for (let up = node.parent; up; up = up.parent) {
    if (bindOf(up)?.entId) {
      return up;
    }
  }
  return undefined;
}

/** The entity of the nearest ancestor bound to one. */
export function ancestorEntity(node: Pick<NodeObj, 'parent'>): string | undefined {
  const up = boundAncestor(node);
  return up ? bindOf(up)?.entId : undefined;
}
