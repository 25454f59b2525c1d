import type { RevisionChange } from '@yuan/contract';
import { changeList } from '../../lib/crud/revisions.ts';

type Row = Record<string, unknown>;

const changesOf = (changes: unknown): RevisionChange[] =>
  changeList(changes).filter((c) => typeof c.field === 'string');

/**
 * A row's states around its last revision, from its history (oldest first, up to that revision): `after` is every
 * value the revisions set, folded in order; `before` the same without the last one. A secret field, recorded without
 * values, is in neither. A row whose history does not start with its creation (written before revisions were kept)
 * gives the fields its revisions name.
 */
export function statesOf(history: readonly { action: string; changes: unknown }[]): {
  before: Row | null;
  after: Row | null;
  changes: RevisionChange[];
} {
  const state: Row = {};
  let before: Row | null = null;
  history.forEach((revision, index) => {
    if (index === history.length - 1) {
      before = revision.action === 'create' ? null : { ...state };
    }
    for (const change of changesOf(revision.changes)) {
      if ('after' in change) {
        state[change.field] = change.after;
      }
    }
  });
  const last = history.at(-1);
  return {
    before,
    after: last?.action === 'delete' ? null : state,
    changes: changesOf(last?.changes),
  };
}
