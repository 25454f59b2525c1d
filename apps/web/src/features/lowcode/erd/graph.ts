import type { Edge, Node } from '@xyflow/react';
import type { Element } from '@yuan/contract/lowcode/entity';

/** An entity as the diagram needs it: its identity and its fields. */
export interface ErdEntity {
  id: string;
  entNo: string;
  entName: string;
  elements: Element[];
}

export interface Point {
  x: number;
  y: number;
}

/** Entity id → where its table's top-left corner sits on the diagram. */
export type Positions = Record<string, Point>;

export interface Size {
  width: number;
  height: number;
}

/** One field line of a table; `refName` is the referenced entity's name, '' when the entity is gone. */
export interface FieldLine {
  id: string;
  eleNo: string;
  eleName: string;
  dataTyp: string;
  refEntId: string;
  refName: string;
}

export interface TableData extends Record<string, unknown> {
  entity: ErdEntity;
  fields: FieldLine[];
}

export type TableNode = Node<TableData, 'table'>;
export type RefEdge = Edge;

/**
 * Sizes the layout assumes before the browser has measured a table. They match erd.css (fixed width, one line
 * per field), so elk's first layout leaves room between tables without waiting for a render.
 */
export const TABLE_WIDTH = 240;
const HEADER_HEIGHT = 44;
const LINE_HEIGHT = 26;
const BODY_PADDING = 8;
/** Room kept between tables that were placed by hand and those placed automatically. */
export const LAYOUT_GAP = 80;

/** The handle a reference edge leaves from (a field line) and the one it arrives at (the table's header). */
export const fieldHandle = (elementId: string) => `f:${elementId}`;
export const TABLE_HANDLE = 'table';
/** The header's own source handle, so a table without fields can still start a reference. */
export const NEW_FIELD_HANDLE = 'new';

export function estimateSize(entity: ErdEntity): Size {
  const lines = Math.max(1, entity.elements.length);
  return { width: TABLE_WIDTH, height: HEADER_HEIGHT + BODY_PADDING + lines * LINE_HEIGHT };
}

/** Fields in the order the definition gives them (its `sort`, then as stored). */
function fieldsOf(entity: ErdEntity, names: Map<string, string>): FieldLine[] {
  return [...entity.elements]
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map((e) => ({
      id: e.id,
      eleNo: e.eleNo,
      eleName: e.eleName,
      dataTyp: e.dataTyp,
      refEntId: e.refEntId ?? '',
      refName: e.refEntId ? (names.get(e.refEntId) ?? '') : '',
    }));
}

/** One table per entity, at its position (the origin until a layout has placed it). */
export function toNodes(entities: readonly ErdEntity[], positions: Positions): TableNode[] {
  const names = new Map(entities.map((e) => [e.id, e.entName]));
  return entities.map((entity) => ({
    id: entity.id,
    type: 'table',
    position: positions[entity.id] ?? { x: 0, y: 0 },
    data: { entity, fields: fieldsOf(entity, names) },
  }));
}

/**
 * One edge per field that references an entity on the diagram, from the field's line to the referenced table. A
 * reference to an entity that no longer exists draws nothing (its field line says so instead).
 */
export function toEdges(entities: readonly ErdEntity[]): RefEdge[] {
  const codes = new Map(entities.map((e) => [e.id, e.entNo]));
  const edges: RefEdge[] = [];
  for (const entity of entities) {
    for (const element of entity.elements) {
      const target = element.refEntId ? codes.get(element.refEntId) : undefined;
      if (target !== undefined) {
        edges.push({
          id: `${entity.id}:${element.id}`,
          source: entity.id,
          sourceHandle: fieldHandle(element.id),
          target: element.refEntId,
          targetHandle: TABLE_HANDLE,
          // Codes, not names: the same in every language, and what a reader of the table definitions sees.
          ariaLabel: `${entity.entNo}.${element.eleNo} → ${target}`,
        });
      }
    }
  }
  return edges;
}

function boxOf(ids: readonly string[], positions: Positions, sizes: Record<string, Size>) {
  let bottom = Number.NEGATIVE_INFINITY;
  let left = Number.POSITIVE_INFINITY;
  for (const id of ids) {
    const p = positions[id];
    if (p) {
      bottom = Math.max(bottom, p.y + (sizes[id]?.height ?? 0));
      left = Math.min(left, p.x);
    }
  }
  return Number.isFinite(bottom) ? { bottom, left } : null;
}

/**
 * The position of every table: a saved one wins; the others take the automatic layout (computed for them
 * alone), moved below the saved tables so that a new entity never lands on top of one placed by hand.
 */
export function mergePositions(sizes: Record<string, Size>, saved: Positions, auto: Positions): Positions {
  const ids = Object.keys(sizes);
  const kept = ids.filter((id) => saved[id]);
  const placed = ids.filter((id) => !saved[id] && auto[id]);
  const out: Positions = {};
  for (const id of kept) {
    out[id] = { ...saved[id] };
  }
  const savedBox = boxOf(kept, saved, sizes);
  const autoTop = Math.min(...placed.map((id) => auto[id].y));
  const autoLeft = Math.min(...placed.map((id) => auto[id].x));
  for (const id of placed) {
    const p = auto[id];
    out[id] = savedBox
      ? { x: savedBox.left + (p.x - autoLeft), y: savedBox.bottom + LAYOUT_GAP + (p.y - autoTop) }
      : { ...p };
  }
  for (const id of ids) {
    out[id] ??= { x: 0, y: 0 };
  }
  return out;
}

/** The table under a point of the diagram (the topmost, as drawn last), if any. */
export function nodeAt(point: Point, nodes: readonly TableNode[]): TableNode | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i];
    const width = node.measured?.width ?? TABLE_WIDTH;
    const height = node.measured?.height ?? estimateSize(node.data.entity).height;
    const { x, y } = node.position;
    if (point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height) {
      return node;
    }
  }
  return undefined;
}

/** Whether a table's name or code contains the text, ignoring case and surrounding spaces ('' matches all). */
export function matchesTable(entity: Pick<ErdEntity, 'entNo' | 'entName'>, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return (
    needle === '' ||
    entity.entName.toLowerCase().includes(needle) ||
    entity.entNo.toLowerCase().includes(needle)
  );
}

const MAX_CODE = 63;

/**
 * The code proposed for a new field of `source` that references `target`: `<target code>_id`, with a number
 * added when the source already has a field of that code (a second reference to the same entity).
 */
export function proposeFieldCode(source: ErdEntity, target: ErdEntity): string {
  const taken = new Set(source.elements.map((e) => e.eleNo));
  const base = `${target.entNo}_id`.slice(0, MAX_CODE);
  if (!taken.has(base)) {
    return base;
  }
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const code = `${base.slice(0, MAX_CODE - suffix.length)}${suffix}`;
    if (!taken.has(code)) {
      return code;
    }
  }
}
