/** One field's change in a revision: a secret field is named without `before` and `after`. */
export interface RevisionChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

export type RevisionAction = 'create' | 'update' | 'delete';

/** One recorded change of a row, as `GET /api/yuan-api/revision/list` answers it (newest first). */
export interface RevisionRecord {
  id: string;
  /** The resource's code: a plain resource's name, or `ent_<entity id>` for an entity's rows. */
  resource: string;
  rowId: string;
  action: RevisionAction;
  userId: string | null;
  userName: string | null;
  createTime: string;
  requestId: string | null;
  changes: RevisionChange[];
}

/** What `POST /api/yuan-api/revision/restore` answers: the row, and whether it had to change. */
export interface RevisionRestored {
  id: string;
  changed: boolean;
}

export const REVISION_API = {
  list: '/api/yuan-api/revision/list',
  restore: '/api/yuan-api/revision/restore',
} as const;
