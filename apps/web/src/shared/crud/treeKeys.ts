import type { TreeNode } from './types.ts';

/** Ids of the nodes without children. */
export function leafIds(nodes: TreeNode[]): Set<string> {
  const leaves = new Set<string>();
  const walk = (list: TreeNode[]) => {
    for (const node of list) {
      if (node.children && node.children.length > 0) {
        walk(node.children);
      } else {
        leaves.add(node.id);
      }
    }
  };
  walk(nodes);
  return leaves;
}

/**
 * Keys to show checked in a cascading tree: only the stored leaves (a stored parent would otherwise check all its
 * children); the tree derives the state of the parents itself.
 */
export function displayKeys(nodes: TreeNode[], stored: string[]): string[] {
  const leaves = leafIds(nodes);
  return stored.filter((id) => leaves.has(id));
}

/**
 * Keys to store after a check: the checked nodes plus the half-checked parents (a menu needs its parents to be
 * reachable), or only the leaves where the parents are mere groups (data and API scopes under their menus).
 */
export function storedKeys(
  nodes: TreeNode[],
  checked: string[],
  halfChecked: string[],
  leavesOnly = false,
): string[] {
  if (leavesOnly) {
    const leaves = leafIds(nodes);
    return checked.filter((id) => leaves.has(id));
  }
  return [...new Set([...checked, ...halfChecked])];
}
