import { useEffect, useState } from 'react';
import { ancestorIds, findNode, type ServiceNode } from './tree.ts';

/**
 * The chosen node and the open modules. A node made or moved by an action is chosen once the tree read after it
 * has it, and the modules above it are opened so it can be seen.
 */
export function useTreeSelection(nodes: ServiceNode[]) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (pending && findNode(nodes, pending)) {
      const above = ancestorIds(nodes, pending);
      setExpanded((open) => [...new Set([...open, ...above])]);
      setSelectedId(pending);
      setPending(null);
    }
  }, [nodes, pending]);

  // A chosen node that is gone (deleted, or removed by someone else) is no longer chosen.
  const selected = findNode(nodes, selectedId);
  useEffect(() => {
    if (selectedId && !pending && !selected) {
      setSelectedId(null);
    }
  }, [selectedId, selected, pending]);

  const reveal = (id: string | null) => {
    if (id === null) {
      setSelectedId(null);
      setPending(null);
    } else {
      setPending(id);
    }
  };

  return { selected, selectedId, setSelectedId, expanded, setExpanded, reveal };
}
