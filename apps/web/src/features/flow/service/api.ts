import type { R } from '@yuan/contract';
import { fileNameOf, saveBlob } from '../../../shared/api/files.ts';
import { call, requestRaw } from '../../../shared/api/http.ts';
import { translate } from '../../../shared/i18n/index.ts';
import { type ServiceNode, toTree } from './tree.ts';

const BASE = '/api/yuan-api/s';

export type ServiceKind = 'module' | 'service';

/** One row of the tree as `s/list` answers it: the row's list fields (no code) and its children. */
export interface RawNode {
  id: string;
  parentId?: string;
  name?: string;
  /** The tree's label, the same as the name. */
  title?: string;
  kind?: ServiceKind;
  path?: string | null;
  language?: string | null;
  enabled?: boolean | null;
  sort?: number | null;
  children?: RawNode[];
}

/** A row as `s/id/{id}` answers it: with the code and the parameter description. */
export interface ServiceRow {
  id: string;
  parentId: string;
  name: string;
  kind: ServiceKind;
  path: string | null;
  code: string | null;
  language: string | null;
  paramsSchema: unknown;
  enabled: boolean | null;
  sort: number | null;
  /** Comma-joined ids of the roles that may call the service by its path. */
  roleIds?: string | null;
  /** 5 or 6 cron fields; empty: not scheduled. */
  cron?: string | null;
  /** IANA name of the schedule's zone; empty: the server's default. */
  timeZone?: string | null;
}

/** What a save sends: the declared fields only, so nothing the server manages is posted back. */
export type ServiceInput = Partial<Omit<ServiceRow, 'id'>> & { id?: string; parentId: string; name: string };

/** A run's answer (the sandbox's outcome): `limit` says which limit stopped the script. */
export interface RunResult {
  ok: boolean;
  value?: unknown;
  error?: string;
  limit?: string;
  logs: string[];
  /** Wall time of the run. */
  ms?: number;
  /** Interpreter time (host calls excluded). */
  cpuMs?: number;
  /** The limits it ran under: interpreter time, and the whole run with its waits on host calls. */
  limits?: { cpuMs: number; wallMs: number };
  /** The name the run's time had in an earlier draft of the server. */
  durationMs?: number;
}

export type RunInput = ({ id: string } | { code: string }) & { params: Record<string, unknown> };

const post = <T>(url: string, body: unknown, options: { silent?: boolean; guard?: boolean } = {}) =>
  call<T>(`${BASE}${url}`, { method: 'POST', body, ...options });

/** The tenant's whole tree: every module and service with its kind, path and state (no code). */
async function loadTree(): Promise<ServiceNode[]> {
  return toTree(await post<RawNode[]>('/list', {}, { guard: false }));
}

/** Posts a JSON body to a call that answers a file, and offers the file for download. */
async function downloadPosted(url: string, body: unknown, fallbackName: string): Promise<void> {
  // A Blob carries its content type, which the raw call (made for multipart and files) would not set for a string.
  const payload = new Blob([JSON.stringify(body)], { type: 'application/json' });
  const response = await requestRaw(`${BASE}${url}`, {
    method: 'POST',
    body: payload,
    fallback: translate('flow.service.exportFailed'),
  });
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  // A JSON answer reaches here already parsed and written back compactly: it is indented again for people to read.
  const json = (response.headers.get('content-type') ?? '').includes('json');
  const blob = json
    ? new Blob([JSON.stringify(await response.json(), null, 2)], { type: 'application/json' })
    : await response.blob();
  saveBlob(blob, name);
}

/** The calls of the flow services screen (SPEC §7 `s/*`). */
export const flowServiceApi = {
  tree: loadTree,
  detail: (id: string) => post<ServiceRow>(`/id/${id}`, {}, { guard: false }),
  /** Quiet: the form shows a refusal beside the field it names. */
  save: (body: ServiceInput) => post<ServiceRow>('/saveOrUpdate', body, { silent: true }),
  rename: (id: string, name: string) => post<ServiceRow>('/rename', { id, name }, { silent: true }),
  enable: (id: string) => post<ServiceRow>('/enable', { id }),
  disable: (id: string) => post<ServiceRow>('/disable', { id }),
  remove: (id: string) => post<boolean>('/delete', { ids: [id] }),
  move: (id: string, parentId: string) => post<ServiceRow>('/move', { id, parentId }, { silent: true }),
  copy: (id: string, parentId?: string) => post<ServiceRow>('/copy', parentId ? { id, parentId } : { id }),
  exportModule: (id: string, name: string) => downloadPosted('/exportModule', { id }, `${name}.json`),
  /** Quiet: the import dialog shows a refusal (a path that exists already) in place. */
  importModule: async (parentId: string, file: File): Promise<{ imported: number; id?: string }> => {
    const form = new FormData();
    form.append('parentId', parentId);
    form.append('file', file, file.name);
    const response = await requestRaw(`${BASE}/importModule`, { method: 'POST', body: form, silent: true });
    return ((await response.json()) as R<{ imported: number; id?: string }>).data;
  },
  /** Not guarded: running the same code twice in a row is what a person testing a script does. */
  run: (body: RunInput) => post<RunResult>('/run', body, { guard: false, silent: true }),
};
