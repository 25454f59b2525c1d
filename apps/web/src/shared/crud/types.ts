import type { FieldSpec, Pair, Resource } from '@yuan/contract';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import type { ReactNode } from 'react';
import type { CrudApi } from './api.ts';

/** One row as the server returns it (ids travel as strings). */
export type Row = Record<string, unknown> & { id: string };

/** A node of the server's trees (`/tree`, `grant-tree`). */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  value: string;
  key: string;
  hasChildren?: boolean;
  children?: TreeNode[];
}

export interface StaticOption {
  value: number | string;
  label: Pair;
}

/** Remote choice lists shared by several screens (see sources.ts). */
export type SourceName =
  | 'roleTree'
  | 'deptTree'
  | 'postList'
  | 'menuTree'
  | 'grantMenuTree'
  | 'packageList'
  | 'datasourceList'
  /** The items of a business dictionary: `dict:<code>` (values are the keys). */
  | `dict:${string}`
  /** The rows an entity's reference field may point at: `entityRef:<entId>:<field>`. */
  | `entityRef:${string}:${string}`
  /** The whole tree of a tree resource, `tree:<basePath>` (its `/tree`): the choice of a parent. */
  | `tree:${string}`;

export type Widget =
  | 'input'
  | 'textarea'
  | 'number'
  | 'date'
  | 'password'
  | 'select'
  | 'treeSelect'
  | 'checkTree';

/** Per-screen options of one field; everything else comes from the resource definition. */
export interface FieldOptions {
  widget?: Widget;
  /** Choices of a select: fixed values or a named remote source. */
  options?: readonly StaticOption[];
  source?: SourceName;
  /** Column width in the table. */
  width?: number;
  /** Not a column even though the definition lists it. */
  hideInTable?: boolean;
  /** Not offered in the search bar although the definition makes it searchable. */
  hideInSearch?: boolean;
  /** Not part of the dialog form (the value is still sent when `defaults` gives one). */
  hideInForm?: boolean;
  /** Only in the add dialog (e.g. a password). */
  addOnly?: boolean;
  /** Required in the add dialog although the definition makes it optional (SPEC: password on add). */
  requiredOnAdd?: boolean;
  /** Whole dialog row instead of half. */
  fullRow?: boolean;
  /** The table cell, where plain text is not enough (a link, a size, a marker); the dialog keeps its input. */
  render?: (value: unknown, row: Row) => ReactNode;
}

export type FieldOptionMap = Partial<Record<string, FieldOptions>>;

export interface CrudButtons {
  view?: boolean;
  add?: boolean;
  edit?: boolean;
  delete?: boolean;
}

export interface CrudContext {
  reload: () => void;
  selected: Row[];
  /** The values of the search bar as last applied. */
  search: Record<string, unknown>;
}

/** What one screen says about its resource beyond the definition: kept small, never a copy of CrudPage. */
export interface CrudConfig {
  resource: Resource;
  /** Calls to use instead of the resource's own paths (element definitions, an entity's rows). */
  api?: CrudApi;
  fields?: FieldOptionMap;
  /** Buttons switched off whatever the permissions say. */
  buttons?: CrudButtons;
  /** The rows are the user's own (payees): whoever opens the screen has its buttons. */
  ownRows?: boolean;
  dialogWidth?: number;
  /** Offer the creation-date range in the search bar (default true). */
  dateRange?: boolean;
  /** Page call instead of the resource's list (dictionary roots and children). */
  listPath?: string;
  /** Fixed query parameters (a department chosen beside the table, a dictionary's parentId). */
  params?: Record<string, string>;
  /** Values of a new row (e.g. the parent of dictionary items). */
  defaults?: Record<string, unknown>;
  /** Tree table with lazily loaded children (default: tree resources without a listPath). */
  lazyTree?: boolean;
  /**
   * More buttons in a row's action column, after 查看/编辑/删除: of them all, the first two show in the row and the
   * rest under its 更多 (RowActions), so a screen's buttons need no menu of their own.
   */
  rowActions?: (row: Row, context: CrudContext) => ReactNode;
  /** How many buttons `rowActions` shows at most (sizes the action column; default 2). */
  rowActionCount?: number;
  /**
   * The screen's own add (a designer, a dialog of its own) instead of the generic dialog: the toolbar shows it first,
   * like every list's 新增. Undefined where the user may not add.
   */
  add?: { onClick: (context: CrudContext) => void; testId: string; label?: ReactNode };
  /** More buttons in the toolbar, after the batch delete. */
  toolbar?: (context: CrudContext) => ReactNode;
  /** Called after a successful submit with the saved row. */
  onSaved?: (saved: Row, added: boolean) => void;
  /** Called after rows were deleted. */
  onRemoved?: (rows: Row[]) => void;
  /** Distinguishes two CrudPages of one resource on one screen (query keys, test ids). */
  id?: string;
  /** Rows per page at first (default PAGE_SIZE_DEFAULT): a designed grid's own. */
  pageSize?: number;
  /** The add/edit dialog draws this designed form (an entity's default page) instead of the definition's fields. */
  formJson?: readonly FormField[];
}

export interface CrudField {
  name: string;
  spec: FieldSpec;
  options: FieldOptions;
}
