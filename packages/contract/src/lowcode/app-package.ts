import { z } from 'zod';
import { idList } from '../envelope.ts';

/**
 * Application packages (ours, not the spec's): a tenant's low-code application as one JSON file that another tenant
 * or installation imports, all or nothing, ids remapped and references between the parts kept.
 */
export const APP_PACKAGE_API = {
  export: '/api/yuan-api/app-package/export',
  preview: '/api/yuan-api/app-package/preview',
  import: '/api/yuan-api/app-package/import',
  history: '/api/yuan-api/app-package/history',
} as const;

/** The file's kind and the format version this server writes and reads (a newer one is refused). */
export const APP_PACKAGE_KIND = 'yuan-app-package';
export const APP_PACKAGE_VERSION = 1;
/** Rows per entity a package carries with `withData`. */
export const APP_PACKAGE_MAX_ROWS = 10_000;

export const appPackageExportBody = z.strictObject({
  entIds: idList,
  withData: z.boolean().default(false),
});
export type AppPackageExportBody = z.input<typeof appPackageExportBody>;

/** The parts of a package, in the order an import writes them. */
export const APP_PART_KINDS = [
  'elementDef',
  'entity',
  'form',
  'grid',
  'service',
  'model',
  'report',
  'mindmap',
  'trigger',
  'menu',
] as const;
export type AppPartKind = (typeof APP_PART_KINDS)[number];

/** One stored row of a part, as the package carries it: its columns (ids are the source's; an import maps them). */
export type AppPartRow = Record<string, unknown>;

export interface AppPackageContent {
  parts: Record<AppPartKind, AppPartRow[]>;
  /** With `withData`: per entity id of the package, its rows (at most APP_PACKAGE_MAX_ROWS). */
  data?: Record<string, AppPartRow[]>;
}

export interface AppPackageFile {
  kind: typeof APP_PACKAGE_KIND;
  version: number;
  exportedAt: string;
  source: { tenantId: string };
  content: AppPackageContent;
  /** SHA-256 (hex) of the canonical JSON of `content`: a file changed by hand is refused. */
  checksum: string;
}

/** `skip`: carried but not written here (menus are the platform's: only the platform tenant imports them). */
export type AppImportAction = 'create' | 'update' | 'unchanged' | 'skip';

export interface AppPreviewItem {
  kind: AppPartKind;
  /** The part's natural key in the target (an entity's code, a service's path, a model's key…). */
  key: string;
  name: string;
  action: AppImportAction;
}

export interface AppPackagePreview {
  items: AppPreviewItem[];
  /** The DDL the import implies (new tables and columns of the entities). */
  ddl: string[];
  /** Refusals by name: nothing is imported while there is one. */
  conflicts: { kind: AppPartKind; name: string; reason: string }[];
  /** Rows of entity data the import adds. */
  rows: number;
  /** Sent with the file to import exactly what was previewed (valid 30 minutes, for this user and this file). */
  confirmToken: string;
}

export interface AppImportRecord {
  id: string;
  fileName: string;
  checksum: string;
  sourceTenant: string;
  created: number;
  updated: number;
  unchanged: number;
  rows: number;
  userName: string;
  createTime: string;
}
