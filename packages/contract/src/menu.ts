/** A menu node as GET /api/yuan-system/menu/routes returns it. */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  /** Names per language; `name` is the caller's language. */
  i18n: { zh: string; en: string };
  path: string;
  /** Antd icon name (kebab-case). */
  source: string;
  sort: number;
  category: 1 | 2;
  isOpen: 1 | 2;
  hidden: boolean;
  meta: { roles?: string[]; i18n?: string; keepAlive?: boolean };
  children: MenuNode[];
}

/** A button node of GET menu/buttons: leaves are button codes. */
export interface ButtonNode {
  id: string;
  code: string;
  name: string;
  children: ButtonNode[];
}

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  source: string;
  sort: number;
  path: string;
}
