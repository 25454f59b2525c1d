import { useSession } from '../../stores/session.ts';

/** True when the current user has the button permission `code` (from GET menu/buttons). */
export function usePermission(code: string): boolean {
  return useSession((state) => state.permission[code] === true);
}
