import type { MenuNode } from '@yuan/contract';

/** A visible menu entry named after its id, as the menu tree gives it to the web app. */
export function menuNode(id: string, path: string, children: MenuNode[] = []): MenuNode {
  return {
    id,
    parentId: '0',
    code: id,
    name: id,
    i18n: { zh: id, en: id },
    path,
    source: '',
    sort: 1,
    category: 1,
    isOpen: 1,
    hidden: false,
    meta: {},
    children,
  };
}
