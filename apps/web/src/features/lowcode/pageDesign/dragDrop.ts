import { type CollisionDetection, closestCenter, type DragEndEvent, pointerWithin } from '@dnd-kit/core';
import type { FormJson } from '@yuan/contract/lowcode/form-json';
import { CONTAINER_PREFIX } from './Canvas.tsx';
import type { DesignAction } from './designState.ts';
import { childrenOf, locate } from './fieldTree.ts';
import { ENTITY_FIELD_PREFIX, PALETTE_PREFIX } from './Palette.tsx';

/**
 * The innermost area under the pointer wins, so a field dropped on a group's list goes into the group rather than
 * beside it; away from every area, the closest one.
 */
export const innermostCollision: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  if (under.length === 0) {
    return closestCenter(args);
  }
  const area = (id: string | number) => {
    const rect = args.droppableRects.get(id);
    return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
  };
  return [...under].sort((a, b) => area(a.id) - area(b.id));
};

/**
 * What a drop means: a palette type added, an entity's field placed (by its code), or a field moved, at the place of
 * what it was dropped on.
 */
export function dropAction(
  json: FormJson,
  event: Pick<DragEndEvent, 'active' | 'over'>,
  added: (fieldType: string, parent: string, index: number) => DesignAction,
  placed: (eleNo: string, parent: string, index: number) => DesignAction | null = () => null,
): DesignAction | null {
  const { active, over } = event;
  if (!over) {
    return null;
  }
  const overId = String(over.id);
  const activeId = String(active.id);
  let target: { parent: string; index: number } | undefined;
  if (overId.startsWith(CONTAINER_PREFIX)) {
    const parent = overId.slice(CONTAINER_PREFIX.length);
    target = { parent, index: childrenOf(json.column, parent).length };
  } else {
    target = locate(json.column, overId);
  }
  if (!target) {
    return null;
  }
  if (activeId.startsWith(PALETTE_PREFIX)) {
    return added(activeId.slice(PALETTE_PREFIX.length), target.parent, target.index);
  }
  if (activeId.startsWith(ENTITY_FIELD_PREFIX)) {
    return placed(activeId.slice(ENTITY_FIELD_PREFIX.length), target.parent, target.index);
  }
  if (activeId === overId) {
    return null;
  }
  return { type: 'move', prop: activeId, parent: target.parent, index: target.index };
}
