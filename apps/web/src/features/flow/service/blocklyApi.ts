import { call } from '../../../shared/api/http.ts';

const BASE = '/api/blockly';

/** A workspace as Blockly saves it (`serialization.workspaces.save`). */
export type WorkspaceState = Record<string, unknown>;

/** A service as `blockly/fnFindByID` answers it: its code and its saved workspace, if it was made with blocks. */
export interface BlocklyRow {
  id: string;
  name: string;
  path: string;
  code: string | null;
  data: WorkspaceState | null;
}

/** The calls of the Blockly editor (SPEC §7 /api/blockly). Quiet: the editor shows a failure in place. */
export const blocklyApi = {
  find: (id: string) => call<BlocklyRow>(`${BASE}/fnFindByID/${id}`, { guard: false, silent: true }),
  /** Saves the workspace and, when given, the code generated from it as the service's code; null data unlinks. */
  save: (body: { id: string; data: WorkspaceState | null; code?: string }) =>
    call<unknown>(`${BASE}/saveOrUpdate`, { method: 'POST', body, silent: true }),
};
