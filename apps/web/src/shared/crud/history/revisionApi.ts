import type { Page } from '@yuan/contract';
import { REVISION_API, type RevisionRecord, type RevisionRestored } from '@yuan/contract/revision';
import { call } from '../../api/http.ts';

/** Revisions per page of the drawer: each one carries a table of its changes, so a page stays short. */
export const REVISION_PAGE_SIZE = 10;

/** A row's revisions, newest first. Reads never trip the duplicate guard (a drawer reopened at once asks again). */
export function listRevisions(resource: string, id: string, current: number): Promise<Page<RevisionRecord>> {
  return call<Page<RevisionRecord>>(REVISION_API.list, {
    params: { resource, id, current, size: REVISION_PAGE_SIZE },
    guard: false,
  });
}

/** Puts the row back in the state the revision left it in; a refusal is toasted by `call` with the server's text. */
export function restoreRevision(id: string): Promise<RevisionRestored> {
  return call<RevisionRestored>(REVISION_API.restore, { method: 'POST', body: { id } });
}
