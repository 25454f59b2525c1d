import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Page } from '@yuan/contract';
import type { FormJson } from '@yuan/contract/lowcode/form-json';
import { call } from '../../../shared/api/http.ts';
import type { Row } from '../../../shared/crud/types.ts';
import { pageDesignApi } from '../pageDesign/designApi.ts';
import { storedFormJson } from '../pageDesign/importJson.ts';
import { designBase } from './designApi.ts';

export interface DefaultPage {
  id: string;
  name: string;
  json: FormJson;
}

/** An entity's default designed form (SPEC §7 dtpage `default`), or null while it has none. */
export function useDefaultPage(entId: string) {
  return useQuery({
    queryKey: ['default-page', entId],
    queryFn: async (): Promise<DefaultPage | null> => {
      const pages = await call<Page<Row>>(`${designBase('page')}/fnList`, {
        params: { entId, current: 1, size: 200 },
        guard: false,
      });
      const chosen = pages.records.find((row) => row.isDefault === true);
      if (!chosen) {
        return null;
      }
      const page = await pageDesignApi.detail(chosen.id);
      return { id: page.id, name: page.pageName, json: storedFormJson(page.formJson) };
    },
    enabled: /^\d{1,19}$/.test(entId),
  });
}

/** A form was saved, made the default or removed: the default forms shown (fill tab, grid dialogs) are read again. */
export function forgetDefaultPages(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ['default-page'] });
}
