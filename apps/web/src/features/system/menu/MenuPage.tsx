import { menuResource } from '@yuan/contract/system/menu';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { MENU_ACTION, MENU_CATEGORY, MENU_OPEN } from '../options.ts';

const config: CrudConfig = {
  resource: menuResource,
  fields: {
    parentId: { hideInTable: true },
    category: { options: MENU_CATEGORY },
    action: { options: MENU_ACTION, hideInTable: true },
    isOpen: { options: MENU_OPEN, hideInTable: true },
    remark: { hideInTable: true },
  },
};

/** /system/menu/index: menus and buttons as a tree. */
export function MenuPage() {
  return <CrudPage config={config} />;
}
