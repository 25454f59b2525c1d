import { scriptServiceResource } from '@yuan/contract/flow/script-service';
import { hasButton } from '../../../shared/crud/permissions.ts';
import { useSession } from '../../../stores/session.ts';

export interface FlowPermissions {
  add: boolean;
  edit: boolean;
  remove: boolean;
  run: boolean;
  enable: boolean;
  disable: boolean;
  exportModule: boolean;
  importModule: boolean;
}

/**
 * Which actions the screen offers: each needs its button code of the flow services menu (`flowService_run`, …), as
 * the server checks them. New, copy, rename, move, save and delete use the menu's add/edit/delete buttons.
 */
export function useFlowPermissions(): FlowPermissions {
  const permission = useSession((state) => state.permission);
  const has = (action: string) => hasButton([scriptServiceResource.perm], permission, action);
  return {
    add: has('add'),
    edit: has('edit'),
    remove: has('delete'),
    run: has('run'),
    enable: has('enable'),
    disable: has('disable'),
    exportModule: has('export'),
    importModule: has('import'),
  };
}
