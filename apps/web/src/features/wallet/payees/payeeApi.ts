import type { Page } from '@yuan/contract';
import { fileNameOf, saveBlob } from '../../../shared/api/files.ts';
import { call, requestRaw } from '../../../shared/api/http.ts';
import type { CrudApi } from '../../../shared/crud/api.ts';
import type { Row } from '../../../shared/crud/types.ts';
import type { EntityConfig } from '../../lowcode/api.ts';
import type { RowFiles } from '../../lowcode/entityData/EntityDataToolbar.tsx';
import type { GridSource } from '../../lowcode/gridData/gridCrud.ts';
import type { GridRow } from '../../lowcode/gridDesign/gridApi.ts';
import { walletApi } from '../shared/walletApi.ts';

/** The payees' own family of calls (SPEC §7 payee): the designer's grid calls, for the user's payees only. */
export const PAYEE_BASE = '/api/yuan-api/payee';
/** The payee menu's code: its buttons govern the payees' add, edit, delete and view. */
const PAYEE_PERM = 'payee';
/** A payee's address as the server checks it (walletSchemas' payee rule). */
export const ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';

/** The payee grid (no id: the tenant's payee grid) with the payee entity's definition. */
export function payeeConfig(): Promise<{ grid: GridRow; entity: EntityConfig }> {
  // Quiet: the screen shows why the payees cannot be listed, with a retry.
  return call(`${PAYEE_BASE}/queryConfigByGridId`, { guard: false, silent: true });
}

/**
 * The definition with the address rule the server applies, so the dialog refuses a wrong address before sending
 * (a definition that states its own pattern keeps it).
 */
export function withAddressRule(entity: EntityConfig): EntityConfig {
  const address = entity.fields.address;
  if (!address || address.pattern) {
    return entity;
  }
  return { ...entity, fields: { ...entity.fields, address: { ...address, pattern: ADDRESS_PATTERN } } };
}

/**
 * The payee rows' calls. There is no detail call: a row opened in the dialog is the one the list showed (kept by
 * id), else it is looked up among the user's payees.
 */
export function payeeCrudApi(): CrudApi {
  const shown = new Map<string, Row>();
  return {
    list: async (params) => {
      const page = await call<Page<Row>>(`${PAYEE_BASE}/queryDataByFields`, { params, guard: false });
      for (const row of page.records) {
        shown.set(row.id, row);
      }
      return page;
    },
    detail: async (id) => {
      const known = shown.get(id) ?? (await walletApi.payees()).find((payee) => payee.id === id);
      if (!known) {
        throw new Error(`payee ${id}`);
      }
      return { ...known };
    },
    submit: async (data) => {
      const saved = await call<{ id: string }>(`${PAYEE_BASE}/saveOrUpdateData`, {
        method: 'POST',
        body: { data },
      });
      return { ...data, id: saved.id } as Row;
    },
    remove: (ids) => call<unknown>(`${PAYEE_BASE}/removeDatas`, { method: 'POST', body: { ids } }),
    lazyList: async () => [],
    tree: async () => [],
  };
}

/** Where the payee grid's rows come from. */
export function payeeSource(): GridSource {
  return { api: payeeCrudApi(), basePath: PAYEE_BASE, perm: PAYEE_PERM };
}

/**
 * The payees' export and import. Both are POSTs: the export's filters go as a JSON body (a Blob typed JSON sets the
 * content type), the import's file as multipart like the entity's. They are the user's own payees: whoever opens
 * the screen may import and export them.
 */
export const payeeFiles: RowFiles = {
  download: async (filters, fallbackName, failureText) => {
    const response = await requestRaw(`${PAYEE_BASE}/exportEntity`, {
      method: 'POST',
      body: new Blob([JSON.stringify(filters)], { type: 'application/json' }),
      fallback: failureText,
    });
    saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), fallbackName));
  },
  importPath: `${PAYEE_BASE}/entExcelParseSave`,
  importParams: {},
  ownRows: true,
};
