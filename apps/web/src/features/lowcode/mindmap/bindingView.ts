import type { MindmapBind } from '@yuan/contract/lowcode/mindmap';

/** A row chosen in a list node's view: the context of the sub-lists and sub-forms below. */
export interface ParentRow {
  entId: string;
  id: string;
  /** How the row is named on the screen (its first text value, else its id). */
  label: string;
}

/** The rows chosen so far, one per entity, and the last one chosen. */
export interface ParentRows {
  byEntity: Record<string, ParentRow>;
  last?: ParentRow;
}

export const NO_PARENT_ROWS: ParentRows = { byEntity: {} };

/** What clicking a node of a running map opens. */
export type NodeView =
  /** No binding: the node only folds and unfolds. */
  | { kind: 'toggle' }
  /** A binding that lacks what its kind needs (an entity, a reference field, a service path). */
  | { kind: 'incomplete' }
  /** A sub-view whose parent row has not been chosen yet; `entId` is the entity to choose it in, when known. */
  | { kind: 'needParent'; entId?: string }
  | { kind: 'list'; entId: string }
  | { kind: 'form'; entId: string; pageId?: string }
  | { kind: 'sublist'; entId: string; refField: string; parent: ParentRow }
  | { kind: 'subform'; entId: string; pageId?: string; refField: string; parent: ParentRow }
  | { kind: 'service'; path: string; params: Record<string, unknown> };

/**
 * The parent row of a node: the one chosen in its nearest bound ancestor's entity, or, when no ancestor names an
 * entity, the last row chosen anywhere.
 */
export function parentRowFor(parentEntId: string | undefined, rows: ParentRows): ParentRow | undefined {
  return parentEntId ? rows.byEntity[parentEntId] : rows.last;
}

/** Remembers a chosen row as its entity's parent row and as the last one chosen. */
export function chooseParentRow(rows: ParentRows, row: ParentRow): ParentRows {
  return { byEntity: { ...rows.byEntity, [row.entId]: row }, last: row };
}

/** Forgets an entity's parent row (and the last one, when it was that row). */
export function forgetParentRow(rows: ParentRows, entId: string): ParentRows {
  const byEntity = { ...rows.byEntity };
  delete byEntity[entId];
  return { byEntity, last: rows.last?.entId === entId ? undefined : rows.last };
}

/**
 * The view a node's binding opens, given the entity of its nearest bound ancestor and the parent rows chosen so far.
 * A service gets the parent row, when there is one, as its parameters `parentId` and `parentEntId`.
 */
export function decideView(
  bind: MindmapBind | undefined,
  parentEntId: string | undefined,
  rows: ParentRows,
): NodeView {
  if (!bind) {
    return { kind: 'toggle' };
  }
  const parent = parentRowFor(parentEntId, rows);
  switch (bind.kind) {
    case 'service': {
      if (!bind.servicePath) {
        return { kind: 'incomplete' };
      }
      const params = parent ? { parentId: parent.id, parentEntId: parent.entId } : {};
      return { kind: 'service', path: bind.servicePath, params };
    }
    case 'list':
      return bind.entId ? { kind: 'list', entId: bind.entId } : { kind: 'incomplete' };
    case 'form':
      return bind.entId ? { kind: 'form', entId: bind.entId, pageId: bind.pageId } : { kind: 'incomplete' };
    case 'sublist':
    case 'subform': {
      if (!bind.entId || !bind.refField) {
        return { kind: 'incomplete' };
      }
      if (!parent) {
        return parentEntId ? { kind: 'needParent', entId: parentEntId } : { kind: 'needParent' };
      }
      const common = { entId: bind.entId, refField: bind.refField, parent };
      return bind.kind === 'sublist'
        ? { kind: 'sublist', ...common }
        : { kind: 'subform', ...common, pageId: bind.pageId };
    }
  }
}
