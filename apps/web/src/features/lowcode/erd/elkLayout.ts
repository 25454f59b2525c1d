import type { ElkNode } from 'elkjs/lib/elk-api';
import type { Positions, Size } from './graph.ts';

/** A directed link between two tables, as far as the layout cares. */
export interface Link {
  source: string;
  target: string;
}

/**
 * Layered left to right: a referencing table sits left of the table it references, so edges mostly run one way.
 * Tables without references are packed beside the connected groups instead of in one long column.
 */
const OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.spacing.nodeNode': '40',
  'elk.layered.spacing.nodeNodeBetweenLayers': '90',
  'elk.spacing.componentComponent': '60',
  'elk.separateConnectedComponents': 'true',
  'elk.aspectRatio': '1.6',
};

type Elk = { layout: (graph: ElkNode) => Promise<ElkNode> };
let engine: Promise<Elk> | null = null;

/**
 * The bundled build runs elk without a web worker; it is large, so it is fetched the first time a layout is
 * needed (a diagram whose every table has a saved position never loads it).
 */
function elk(): Promise<Elk> {
  engine ??= import('elkjs/lib/elk.bundled.js').then((m) => new m.default());
  return engine;
}

/** Positions for the given tables (top-left corners); links to tables outside the set and self-links are left out. */
export async function autoLayout(sizes: Record<string, Size>, links: readonly Link[]): Promise<Positions> {
  const ids = Object.keys(sizes);
  if (ids.length === 0) {
    return {};
  }
  const inside = new Set(ids);
  const graph: ElkNode = {
    id: 'root',
    layoutOptions: OPTIONS,
    children: ids.map((id) => ({ id, width: sizes[id].width, height: sizes[id].height })),
    edges: links
      .filter((l) => l.source !== l.target && inside.has(l.source) && inside.has(l.target))
      .map((l, i) => ({ id: `e${i}`, sources: [l.source], targets: [l.target] })),
  };
  const laid = await (await elk()).layout(graph);
  const out: Positions = {};
  for (const child of laid.children ?? []) {
    out[child.id] = { x: Math.round(child.x ?? 0), y: Math.round(child.y ?? 0) };
  }
  return out;
}
