import { type OnNodeDrag, useNodesState, useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { autoLayout } from './elkLayout.ts';
import {
  type ErdEntity,
  estimateSize,
  mergePositions,
  type Positions,
  type RefEdge,
  type Size,
  type TableNode,
  toEdges,
  toNodes,
} from './graph.ts';

export type Placement = 'placing' | 'ready' | 'failed';

const FIT = { padding: 0.15, duration: 300 };

/** The size of each table: as drawn when the browser has measured it, else as estimated from its fields. */
function sizesOf(entities: readonly ErdEntity[], drawn: readonly TableNode[]): Record<string, Size> {
  const measured = new Map(drawn.map((n) => [n.id, n.measured]));
  const out: Record<string, Size> = {};
  for (const entity of entities) {
    const m = measured.get(entity.id);
    out[entity.id] = m?.width && m.height ? { width: m.width, height: m.height } : estimateSize(entity);
  }
  return out;
}

/** Stacks tables in rows: where they go when the automatic layout itself failed, so the diagram still shows. */
function rows(sizes: Record<string, Size>): Positions {
  const out: Positions = {};
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const [id, size] of Object.entries(sizes)) {
    if (x > 0 && x + size.width > 1600) {
      x = 0;
      y += rowHeight + 40;
      rowHeight = 0;
    }
    out[id] = { x, y };
    x += size.width + 40;
    rowHeight = Math.max(rowHeight, size.height);
  }
  return out;
}

/**
 * The tables and reference edges of the diagram and where the tables sit. Saved positions win; tables without one
 * are laid out automatically; a table that was already on screen keeps its place when the entities are read
 * again (after a reference was added), so only new tables move. Dragging and "auto layout" hand the positions to
 * `save`.
 */
export function useTableLayout(
  entities: ErdEntity[],
  saved: Positions,
  save: (positions: Positions) => void,
) {
  const { fitView } = useReactFlow();
  const [nodes, setNodes, onNodesChange] = useNodesState<TableNode>([]);
  const [placement, setPlacement] = useState<Placement>('placing');
  const edges: RefEdge[] = useMemo(() => toEdges(entities), [entities]);
  // Where each table is now: the saved layout at first, then what the screen has placed or the user moved.
  const known = useRef<Positions>(saved);
  const drawn = useRef<TableNode[]>([]);
  drawn.current = nodes;
  // The first placement frames the whole diagram; later re-reads leave the user's zoom and scroll alone.
  const framed = useRef(false);

  useEffect(() => {
    let cancelled = false;
    const sizes = sizesOf(entities, drawn.current);
    const missing = Object.fromEntries(Object.entries(sizes).filter(([id]) => !known.current[id]));
    const links = toEdges(entities);
    const place = (auto: Positions, outcome: Placement) => {
      if (cancelled) {
        return;
      }
      known.current = mergePositions(sizes, known.current, auto);
      setNodes((before) => {
        // Selection and measured size carry over, so a re-read does not close a table's toolbar or hide it.
        const old = new Map(before.map((n) => [n.id, n]));
        return toNodes(entities, known.current).map((n) => {
          const was = old.get(n.id);
          return was ? { ...n, selected: was.selected, measured: was.measured } : n;
        });
      });
      setPlacement(outcome);
      if (!framed.current) {
        framed.current = true;
        // Queued by React Flow until the tables have been measured.
        void fitView({ padding: FIT.padding });
      }
    };
    autoLayout(missing, links).then(
      (auto) => place(auto, 'ready'),
      () => place(rows(missing), 'failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [entities, setNodes, fitView]);

  const onNodeDragStop: OnNodeDrag<TableNode> = useCallback(
    (_event, _node, moved) => {
      let changed = false;
      const next = { ...known.current };
      for (const node of moved) {
        const before = next[node.id];
        if (!before || before.x !== node.position.x || before.y !== node.position.y) {
          next[node.id] = { x: node.position.x, y: node.position.y };
          changed = true;
        }
      }
      // A click on a table is a drag of no distance: nothing moved, nothing to save.
      if (changed) {
        known.current = next;
        save(next);
      }
    },
    [save],
  );

  /** Lays every table out again, ignoring where they were, saves that and shows the whole diagram. */
  const relayout = useCallback(async () => {
    const sizes = sizesOf(entities, drawn.current);
    const auto = await autoLayout(sizes, toEdges(entities));
    known.current = mergePositions(sizes, {}, auto);
    const positions = known.current;
    setNodes((before) => before.map((n) => ({ ...n, position: positions[n.id] ?? n.position })));
    save(positions);
    await fitView(FIT);
  }, [entities, fitView, save, setNodes]);

  return { nodes, edges, setNodes, onNodesChange, onNodeDragStop, relayout, placement };
}
