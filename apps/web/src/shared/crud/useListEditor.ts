import { useCallback, useState } from 'react';
import type { CrudContext } from './types.ts';

export interface ListEditing {
  /** The record being edited; undefined for a new one. */
  id?: string;
  /** Changes on every opening: the editor mounts afresh (its key). */
  nonce: number;
  /** The list's reload, for after a save. */
  reload: CrudContext['reload'];
}

/**
 * A screen's own editor (a dialog or a designer) of a CRUD list's records, opened from the list's add and edit in
 * place of the generic dialog; the list reads its rows again when the editor closes after a save.
 */
export function useListEditor() {
  const [editing, setEditing] = useState<ListEditing | null>(null);
  const open = useCallback(
    (context: CrudContext, id?: string) =>
      setEditing((current) => ({ id, nonce: (current?.nonce ?? 0) + 1, reload: context.reload })),
    [],
  );
  const close = (saved: boolean) => {
    setEditing(null);
    if (saved) {
      editing?.reload();
    }
  };
  return { editing, open, close };
}
