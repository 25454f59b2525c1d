import type { ServiceNode } from './tree.ts';
import { TOP } from './tree.ts';
import type { FlowPermissions } from './useFlowPermissions.ts';

export type NodeAction =
  | 'newModule'
  | 'newService'
  | 'rename'
  | 'move'
  | 'copy'
  | 'enable'
  | 'disable'
  | 'export'
  | 'import'
  | 'delete';

/**
 * The actions offered on a node (null: nothing chosen, the top of the tree), in menu order: what the node's kind
 * allows and the user's buttons permit. New rows go into a chosen module, beside a chosen service, or at the top.
 */
export function actionsFor(node: ServiceNode | null, can: FlowPermissions): NodeAction[] {
  const offered: [NodeAction, boolean][] = [
    ['newModule', can.add],
    ['newService', can.add],
  ];
  if (!node) {
    // Nothing chosen: an exported module can still be imported at the top.
    offered.push(['import', can.importModule]);
  } else {
    const module = node.kind === 'module';
    offered.push(
      ['rename', can.edit],
      ['move', can.edit],
      ['copy', can.add],
      ['enable', !module && !node.enabled && can.enable],
      ['disable', !module && node.enabled && can.disable],
      ['export', module && can.exportModule],
      ['import', module && can.importModule],
      ['delete', can.remove],
    );
  }
  return offered.filter(([, allowed]) => allowed).map(([action]) => action);
}

/** Where a new row goes when made from a node: into a module, beside a service, or at the top. */
export function parentForNew(node: ServiceNode | null): string {
  if (!node) {
    return TOP;
  }
  return node.kind === 'module' ? node.id : node.parentId;
}
