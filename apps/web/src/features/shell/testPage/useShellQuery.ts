import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The query parameters the shell honours (SPEC §2 route guard), as this page received them. */
export const SHELL_PARAMS = ['src', 'name', 'i18n', 'menu', 'target'] as const;

export function useShellQuery(): [string, string | null][] {
  const [params] = useSearchParams();
  return useMemo(() => SHELL_PARAMS.map((key) => [key, params.get(key)]), [params]);
}

/** The address that opens `path` with the shell's parameters; empty ones are left out. */
export function shellUrl(
  path: string,
  values: { src?: string; name?: string; i18n?: string; hideMenu?: boolean; target?: boolean },
): string {
  const query = new URLSearchParams();
  for (const key of ['src', 'name', 'i18n'] as const) {
    const value = values[key]?.trim();
    if (value) {
      query.set(key, value);
    }
  }
  if (values.hideMenu) {
    query.set('menu', 'false');
  }
  if (values.target) {
    query.set('target', '_blank');
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
