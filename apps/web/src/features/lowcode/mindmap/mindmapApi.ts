import type { MindmapNode } from '@yuan/contract/lowcode/mindmap';
import { mindmapResource } from '@yuan/contract/lowcode/mindmap';
import { call } from '../../../shared/api/http.ts';
import { crudApi } from '../../../shared/crud/api.ts';

/** A map as `mindmap/detail` answers it; `data` is the stored tree (null until the editor first saves it). */
export interface MindmapRow {
  id: string;
  name: string;
  remark?: string;
  data?: unknown;
}

const maps = crudApi(mindmapResource);

/** The calls of the mind map screens (the generic CRUD of `mindmapResource`, plus running a script service). */
export const mindmapApi = {
  detail: async (id: string): Promise<MindmapRow> => {
    const row = await maps.detail(id);
    return { ...row, name: String(row.name ?? '') };
  },
  /** The maps to pick from on the test screen, searched by name. */
  list: (name: string) => maps.list({ current: 1, size: 50, ...(name ? { name } : {}) }),
  /** Saves the tree; the name goes along because it identifies the map (and is required on every submit). */
  saveTree: (map: Pick<MindmapRow, 'id' | 'name'>, data: MindmapNode) =>
    maps.submit({ id: map.id, name: map.name, data }),
  /**
   * Runs the enabled service at `path` with `params` (SPEC §7 `s/{servicePath}`) and answers its value. Quiet: the
   * node's view shows a refusal in place. Not guarded: running a service twice is what testing a map does.
   */
  runService: (path: string, params: Record<string, unknown>) =>
    call<unknown>(`/api/yuan-api/s/${path.split('/').map(encodeURIComponent).join('/')}`, {
      method: 'POST',
      body: params,
      silent: true,
      guard: false,
    }),
};
